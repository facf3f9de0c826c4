import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("signed-out visitors see only the sign-in page", async ({ page }) => {
  await page.goto("/spaces");
  await expect(page).toHaveURL(/\/signin/);
  const api = await page.request.get("/api/spaces");
  expect(api.status()).toBe(401);
});

test("the app is installable: a linked manifest with its icon, and a themed address bar", async ({ page }) => {
  await page.goto("/signin");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: "Parley", display: "standalone", start_url: "/spaces" });
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("image/svg+xml");
  }
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute("content", /^#/);
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("Email").fill("ada@parley.dev");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("Wrong email or password.");
});

test("the demo admin signs in and lands in #general with its history", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  await expect(page.getByRole("heading", { name: "#general", level: 1 })).toBeVisible();
  await expect(page.getByRole("log", { name: "Messages in #general" })).toContainText("Welcome to Parley");
  await expect(page.getByRole("link", { name: /#design/ })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/general-light.png" });
  await page.getByRole("button", { name: "Toggle dark mode" }).click();
  await page.screenshot({ path: "test-results/screens/general-dark.png" });
  await page.getByRole("button", { name: "Toggle dark mode" }).click();
});

test.describe("sign-up", () => {
  // An address of its own: sign-ups are limited per IP (TRUST_PROXY is on for the e2e server).
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.250" } });

  test("a taken email gets the same answer as a new one, then a check-your-credentials message; a new account signs in", async ({ page }) => {
    const fill = async (name: string, email: string, password: string) => {
      await page.getByLabel("Full name").fill(name);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Create account" }).click();
    };
    await page.goto("/signup");
    await fill("Not Ada", "ada@parley.dev", "someone-elses-password");
    const form = page.getByRole("form", { name: "Create account" });
    await expect(form.getByRole("alert")).toContainText("Check your credentials");
    await expect(page).toHaveURL(/\/signup/);

    await fill("Newcomer", `newcomer-${Date.now()}@example.com`, "newcomer-password");
    await page.waitForURL(/\/spaces/);
    await expect(page.getByRole("status", { name: "Connected" })).toBeVisible();
  });
});
