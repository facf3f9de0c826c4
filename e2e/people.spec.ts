// People administration: an admin makes an invite link, a newcomer signs up through it in
// their own browser, the admin deactivates them (their open page loses its connection and
// lands on sign-in, and sign-in is refused), then reactivates them (sign-in works again).
// Screenshots (light/dark, desktop/390 px phone) go to /tmp/shots-people/.
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

async function peopleShots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // No sideways scroll, even on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `/tmp/shots-people/${name}-${scheme}-${size}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("invite, sign up through the link, deactivate (signed out at once), reactivate", async ({ page, browser }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.goto("/admin/people");
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "People" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("checkbox", { name: "#general" }).check();
  await page.getByRole("button", { name: "Create invite link" }).click();
  const link = await page.getByRole("textbox", { name: "New invite link" }).inputValue();
  expect(link).toMatch(/\/invite\/inv_/);
  await expect(page.getByRole("list", { name: "Invite links" }).getByText("Usable").first()).toBeVisible();
  await peopleShots(page, "people");

  // A newcomer opens the link in their own browser and signs up.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByText("You were invited to join this workspace")).toBeVisible();
  const email = `ivy-${Date.now()}@e2e.dev`;
  await guest.getByLabel("Full name").fill("Ivy Invited");
  await guest.getByLabel("Email").fill(email);
  await guest.getByLabel("Password").fill("password-e2e");
  await guest.getByRole("button", { name: "Create account" }).click();
  await guest.waitForURL(/\/spaces/);
  await expect(guest.getByRole("status", { name: "Connected" })).toBeVisible();

  // The single-use link is spent: a second visit says so.
  const other = await browser.newContext();
  const late = await other.newPage();
  await late.goto(link);
  await expect(late.getByRole("heading", { name: "Invite link unavailable" })).toBeVisible();
  await expect(late.getByText("This invite link has already been used.")).toBeVisible();
  await peopleShots(late, "invite-used");
  await other.close();

  // The admin finds Ivy and deactivates her: her open page loses its connection and signs out.
  await page.getByRole("searchbox", { name: "Search people by name or email" }).fill("Ivy Invited");
  await page.getByRole("button", { name: "Search" }).click();
  const ivy = page.getByRole("listitem", { name: "Ivy Invited" });
  await expect(ivy).toBeVisible();
  await ivy.getByRole("button", { name: "Deactivate Ivy Invited" }).click();
  await expect(ivy.getByText("Deactivated")).toBeVisible();
  await guest.waitForURL(/\/signin/);

  // Sign-in is refused while deactivated.
  await guest.getByLabel("Email").fill(email);
  await guest.getByLabel("Password").fill("password-e2e");
  await guest.getByRole("button", { name: "Sign in" }).click();
  await expect(guest.getByRole("alert")).toBeVisible();
  await expect(guest).toHaveURL(/\/signin/);

  // Reactivated, she signs in again.
  await ivy.getByRole("button", { name: "Reactivate Ivy Invited" }).click();
  await expect(ivy.getByText("Active", { exact: true })).toBeVisible();
  await signIn(guest, email, "password-e2e");
  await context.close();
});
