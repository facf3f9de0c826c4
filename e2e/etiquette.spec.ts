// No silent failure, end to end: an admin adds an agent whose provider has no key on this server
// ("Writer", provider openai) to #general. It is marked "not configured" in the members panel,
// and when Ben asks it something he sees a quiet note under his message saying it couldn't
// answer, in member-safe words — live, and again after a reload. Screenshots in light and dark.
import { expect, test, type Page } from "@playwright/test";
import { log, send, signIn } from "./helpers";

const SHOTS = process.env.SHOTS_DIR ?? "test-results";

async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // Let the sidebar's slide settle, and show the note.
      await page.waitForTimeout(500);
      await page.getByRole("note").filter({ hasText: "couldn't answer" }).last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/etiquette-${name}-${scheme}-${size}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

test("an agent with no key gives Ben a visible couldn't-answer note, kept after a reload", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.goto("/admin/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("Writer");
  await dialog.getByRole("combobox", { name: "Provider" }).selectOption("openai");
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByRole("heading", { name: "Writer", level: 1 })).toBeVisible();
  await page.getByRole("combobox", { name: "Add to channel" }).selectOption({ label: "#general" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("button", { name: "Remove Writer from #general" })).toBeVisible();

  const ben = await browser.newContext();
  const benPage = await ben.newPage();
  await signIn(benPage, "ben@parley.dev", "parley-demo");
  await benPage
    .getByRole("link", { name: /general/ })
    .first()
    .click();
  const text = `Writer, draft the release notes ${Date.now()}`;
  await send(benPage, "#general", text);
  const mine = log(benPage, "#general").getByRole("article", { name: `Ben Builder: ${text}` });
  const note = mine.getByRole("note").filter({ hasText: "Writer couldn't answer: the model provider isn't configured" });
  await expect(note).toBeVisible();
  // No key or variable name reaches a member, and no Retry: trying again cannot help.
  await expect(mine).not.toContainText("OPENAI_API_KEY");
  await expect(mine.getByRole("button", { name: "Retry Writer" })).toHaveCount(0);
  // Kept: after a reload the note is still there.
  await benPage.reload();
  await expect(
    log(benPage, "#general")
      .getByRole("article", { name: `Ben Builder: ${text}` })
      .getByRole("note")
      .filter({ hasText: "Writer couldn't answer" }),
  ).toBeVisible();
  await shots(benPage, "note");
  // The members panel says the agent is not configured.
  await benPage.getByRole("button", { name: /^Members: \d+$/ }).click();
  const panel = benPage.getByRole("complementary", { name: "Members" });
  await expect(panel.getByRole("listitem").filter({ hasText: "Writer" })).toContainText("not configured");
  await ben.close();
});
