// What a signed-in person can see of the security work: pages run under a nonce CSP with no
// violations, and "Sign out everywhere" ends another browser's session at once.
import { expect, test } from "@playwright/test";
import { newUser, signIn } from "./helpers";

test("pages load under the CSP without violations, and sign-out everywhere ends other sessions", async ({ browser }) => {
  const me = await newUser(browser, "Sam");
  const violations: string[] = [];
  me.page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
  });
  const headers = (await me.page.request.get("/settings")).headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");

  // A second browser signed in as the same person.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, me.email, me.password);

  await me.page.goto("/settings");
  await expect(me.page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await me.page.screenshot({ path: "test-results/screens/settings-security.png", fullPage: true });
  me.page.once("dialog", (d) => void d.accept());
  await me.page.getByRole("button", { name: "Sign out everywhere" }).click();
  await me.page.waitForURL(/\/signin/);

  // The other browser's cookie no longer works, for the API and for pages.
  expect((await otherPage.request.get("/api/spaces")).status()).toBe(401);
  await otherPage.goto("/spaces");
  await expect(otherPage).toHaveURL(/\/signin/);
  expect(violations).toEqual([]);
  await other.close();
  await me.context.close();
});
