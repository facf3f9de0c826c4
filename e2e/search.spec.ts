// Search: "/" focuses the box, results show marked words (as text, never markup), and choosing
// one opens its space on the message, with the messages around it, marked for a moment. Someone
// outside the channel finds nothing. Screenshots of the results go to /tmp/shots-search/.
import { expect, test, type Page } from "@playwright/test";
import { log, newUser, send } from "./helpers";

const SHOTS = process.env.SEARCH_SHOTS_DIR ?? "/tmp/shots-search";

async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${SHOTS}/${name}-${scheme}-${size}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("search finds a message and opens it in its space with its surroundings; others find nothing", async ({ browser }) => {
  const alice = await newUser(browser, "Alice");
  const page = alice.page;
  const channel = `search-${Date.now()}`;
  const title = `#${channel}`;
  await page.getByRole("button", { name: "Create channel" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a channel" });
  await dialog.getByLabel("Name").fill(channel);
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  const target = "The zanzibar launch moves to Friday <b>not bold</b>";
  const texts = [...[1, 2, 3, 4, 5].map((i) => `warm-up note ${i}`), target, ...[1, 2, 3, 4, 5].map((i) => `follow-up note ${i}`)];
  for (const text of texts) await send(page, title, text);
  await expect(log(page, title).getByRole("article", { name: /^Alice: follow-up note 5/ })).toBeVisible();

  // Elsewhere, "/" (outside any text field) focuses the search box.
  await page.reload();
  await page.getByRole("heading", { name: title, level: 1 }).click();
  await page.keyboard.press("/");
  const box = page.getByRole("searchbox", { name: "Search messages" });
  await expect(box).toBeFocused();
  await box.fill("zanzibar");
  await box.press("Enter");

  const panel = page.getByRole("complementary", { name: "Search results" });
  const result = panel.getByRole("button", { name: new RegExp(`^Alice in ${title}, .*zanzibar launch`) });
  await expect(result).toBeVisible();
  // The matched word is marked; the message's own markup never becomes markup (PostgreSQL's
  // snippet leaves HTML tags out; nothing the snippet holds is parsed as HTML anyway).
  await expect(result.getByText("zanzibar", { exact: true })).toBeVisible();
  await expect(result).toContainText("not bold");
  await expect(result.locator("b")).toHaveCount(0);
  await shots(page, "results");

  await result.click();
  const messages = log(page, title);
  const hit = messages.getByRole("article", { name: /^Alice: The zanzibar launch/ });
  await expect(hit).toBeInViewport();
  await expect(hit).toHaveAttribute("data-search-hit", "true");
  await expect(messages.getByRole("article", { name: /^Alice: warm-up note 5/ })).toBeVisible();
  await expect(messages.getByRole("article", { name: /^Alice: follow-up note 1/ })).toBeVisible();
  await shots(page, "opened");

  // Filters narrow it; a bad date says what is wrong.
  await box.fill(`zanzibar in:${title} from:@Alice`);
  await box.press("Enter");
  await expect(panel.getByRole("list", { name: "Matching messages" }).getByRole("button")).toHaveCount(1);
  await box.fill("zanzibar before:2026-02-31");
  await box.press("Enter");
  await expect(panel.getByRole("alert")).toHaveText("before: needs a date as YYYY-MM-DD");

  // Someone who is not in the channel finds nothing.
  const bob = await newUser(browser, "Bob");
  const bobBox = bob.page.getByRole("searchbox", { name: "Search messages" });
  await bobBox.fill("zanzibar");
  await bobBox.press("Enter");
  await expect(bob.page.getByRole("complementary", { name: "Search results" }).getByRole("status")).toContainText("No messages match");
  await alice.context.close();
  await bob.context.close();
});
