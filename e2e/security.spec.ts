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

  // The other browser's socket is closed and its page goes to sign-in by itself; its cookie
  // no longer works for the API or for pages.
  await expect(otherPage).toHaveURL(/\/signin/);
  expect((await otherPage.request.get("/api/spaces")).status()).toBe(401);
  await otherPage.goto("/spaces");
  await expect(otherPage).toHaveURL(/\/signin/);
  expect(violations).toEqual([]);
  await other.close();
  await me.context.close();
});

test("being added to a channel shows a notice; repeated wrong passwords get a clear limit message", async ({ browser }) => {
  const alice = await newUser(browser, "Alma");
  const bob = await newUser(browser, "Bruno");
  const channel = `sec-${Date.now()}`;
  await alice.page.getByRole("button", { name: "Create channel" }).click();
  const dialog = alice.page.getByRole("dialog", { name: "Create a channel" });
  await dialog.getByLabel("Name").fill(channel);
  await dialog.getByLabel("Filter people and agents").fill("Bruno");
  await dialog.getByRole("checkbox", { name: "Bruno" }).first().check();
  await dialog.getByRole("button", { name: "Create channel" }).click();

  const notice = bob.page.getByRole("status").filter({ hasText: `Alma added you to #${channel}` });
  await expect(notice).toBeVisible();
  await bob.page.screenshot({ path: "test-results/screens/added-notice.png" });
  await bob.page.getByRole("button", { name: `Open #${channel}` }).click();
  await expect(bob.page.getByRole("heading", { name: `#${channel}`, level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Someone guessing Bruno's password from a fresh browser is stopped after ten tries.
  const guesser = await (await browser.newContext()).newPage();
  await guesser.goto("/signin");
  const form = guesser.getByRole("form", { name: "Sign in" });
  await guesser.getByLabel("Email").fill(bob.email);
  for (let i = 0; i < 11; i++) {
    await guesser.getByLabel("Password").fill(`guess-${i}`);
    const answered = guesser.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
    await form.getByRole("button", { name: "Sign in" }).click();
    const status = (await answered).status();
    await expect(form.getByRole("alert")).toHaveText(status === 429 ? /Too many attempts/ : /Wrong email or password/);
    if (status === 429) break;
  }
  await expect(form.getByRole("alert")).toHaveText(/^Too many attempts, try again in \d+ minutes?\.$/);
  await guesser.screenshot({ path: "test-results/screens/signin-limited.png" });
  await guesser.context().close();
  await alice.context.close();
  await bob.context.close();
});
