// The admin panel: an admin opens Admin → Agents, edits Scout's tools and sees the change
// survive a reload; the server's validation message shows next to the form; a member gets
// the 403 page and no Admin link. Screenshots (light/dark, desktop/phone) go to test-results/.
import { expect, test } from "@playwright/test";
import { newUser, shots, signIn } from "./helpers";

test("an admin turns off one of Scout's tools in the admin panel; it stays off after a reload", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Agents" })).toHaveAttribute("aria-current", "page");
  await shots(page, "agents");

  await page.getByRole("link", { name: "Scout", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Scout", level: 1 })).toBeVisible();
  const tool = page.getByRole("checkbox", { name: "get_plans" });
  await expect(tool).toBeChecked();
  await tool.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "get_plans" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "send_message" })).toBeChecked();

  // The server's zod schema is the judge: its message shows next to the form.
  await page.getByRole("spinbutton", { name: "Tool steps per run" }).fill("500");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Tool steps per run" })).toContainText("Too big");
  await shots(page, "scout");

  // The panel's own address opens its first section.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();

  // Leave Scout as the other specs expect it.
  await page.goto("/admin/agents");
  await page.getByRole("link", { name: "Scout", exact: true }).click();
  await page.getByRole("checkbox", { name: "get_plans" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
});

test("a member sees no Admin link, and /admin answers 403 with the admins-only page", async ({ browser }) => {
  const member = await newUser(browser, "Mona");
  await expect(member.page.getByRole("link", { name: "Agent runs" })).toHaveCount(0);
  await expect(member.page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  expect((await member.page.goto("/admin/agents"))?.status()).toBe(403);
  await expect(member.page.getByRole("heading", { name: "Admins only" })).toBeVisible();
  await expect(member.page.getByRole("link", { name: "Back to the chat" })).toHaveAttribute("href", "/spaces");
  await expect(member.page.getByRole("cell")).toHaveCount(0);
  expect((await member.page.goto("/admin"))?.status()).toBe(403);
  await expect(member.page.getByRole("heading", { name: "Admins only" })).toBeVisible();
  await shots(member.page, "forbidden");
  await member.context.close();
});
