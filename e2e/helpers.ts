import { expect, type Browser, type Page } from "@playwright/test";

let n = 0;

/** A new account through the sign-up API, unique per test run. */
export async function signUp(page: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, "")}-${Date.now()}-${++n}@e2e.dev`;
  const password = "password-e2e";
  // Sign-ups are limited per IP; the server trusts X-Forwarded-For here (TRUST_PROXY in
  // playwright.config.ts), so each account comes from its own documentation address.
  const res = await page.request.post("/api/signup", { data: { email, name, password }, headers: { "x-forwarded-for": `198.51.100.${n}` } });
  expect(res.status(), await res.text()).toBe(202);
  return { email, password, name };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/spaces/);
  await expect(page.getByRole("status", { name: "Connected" })).toBeVisible();
}

/** A fresh signed-in user in their own browser context. */
export async function newUser(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const creds = await signUp(page, name);
  await signIn(page, creds.email, creds.password);
  return { context, page, ...creds };
}

export function composer(page: Page, spaceTitle: string) {
  return page.getByRole("textbox", { name: `Message ${spaceTitle}` });
}

export async function send(page: Page, spaceTitle: string, text: string) {
  const box = composer(page, spaceTitle);
  await box.fill(text);
  await box.press("Enter");
}

export const log = (page: Page, spaceTitle: string) => page.getByRole("log", { name: `Messages in ${spaceTitle}` });

/** Light and dark, desktop and phone screenshots into test-results/admin-<name>-…png, for a look at the layout. */
export async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 420, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-results/admin-${name}-${scheme}-${size}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}
