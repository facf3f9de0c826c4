// Small things a person notices: pages that scroll sideways on a phone, a bare 404, a
// sign-out that lands on another host, raw markdown in quotes.
import { expect, test } from "@playwright/test";
import { log, send, signIn } from "./helpers";

const PHONE = { width: 390, height: 844 };

test("every admin page and the settings page fit a 390 px phone without sideways scrolling", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  // An agent's own pages too: the first agent in the list.
  await page.goto("/admin/agents");
  const agentHref = await page.getByRole("table").getByRole("link").first().getAttribute("href");
  const paths = ["/admin", "/admin/agents", "/admin/runs", "/admin/usage", "/admin/settings", "/admin/audit", "/settings", "/runs"];
  if (agentHref) paths.push(agentHref, `${agentHref}/knowledge`, `${agentHref}/service`, `${agentHref}/history`);
  await page.setViewportSize(PHONE);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of paths) {
      await page.goto(path);
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide on a ${PHONE.width} px phone`).toBeLessThanOrEqual(PHONE.width);
      if (scheme === "dark" || path.includes("usage") || path.includes("settings"))
        await page.screenshot({ path: `test-results/screens/phone-${scheme}${path.replaceAll("/", "-")}.png`, fullPage: true });
    }
  }
});

test("an unknown agent or address gets the app's own 404 page with the way back", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  const res = await page.goto("/admin/agents/no-such-agent");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Nothing here" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/not-found-light.png" });
  await page.getByRole("link", { name: "Back to the chat" }).click();
  await expect(page).toHaveURL(/\/spaces/);
});

test("signing out lands on the sign-in page of the address in use", async ({ page, baseURL }) => {
  // The server listens on 127.0.0.1; reach it as localhost, as someone on another name would.
  const other = baseURL!.replace("127.0.0.1", "localhost");
  await page.goto(`${other}/signin`);
  await page.getByLabel("Email").fill("ada@parley.dev");
  await page.getByLabel("Password").fill("parley-admin");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/spaces/);
  await page.goto(`${other}/settings`);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL(/\/signin/);
  expect(new URL(page.url()).host).toBe(new URL(other).host);
});

test("a reply quotes the words, not the markdown", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  const title = "#general";
  const words = `**Reminder** ship _it_ ${Date.now()}`;
  await send(page, title, words);
  const mine = log(page, title).getByRole("article").filter({ hasText: "Reminder ship it" }).last();
  await mine.hover();
  await mine.getByRole("button", { name: /^Reply to / }).click();
  await send(page, title, "on it");
  const quote = log(page, title)
    .getByRole("button", { name: /^Replying to Ada/ })
    .last();
  await expect(quote).toContainText("Reminder ship it");
  await expect(quote).not.toContainText("**");
});
