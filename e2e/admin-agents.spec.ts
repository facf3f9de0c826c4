// Managing agents in the admin panel: an admin creates an agent, adds it to #design, turns one
// of its tools off, tests its model, reads its history and the audit log, then deletes it and
// finds it under "Show archived agents". A member opening /admin gets the admins-only page.
import { expect, test } from "@playwright/test";
import { newUser, signIn } from "./helpers";

test("an admin creates an agent, adds it to #design, turns a tool off, tests it and deletes it", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.goto("/admin/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  // A taken name comes back as the server's message under the field.
  await dialog.getByRole("textbox", { name: "Name" }).fill("Scout");
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(dialog.getByText("An agent with this name already exists")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Name" }).fill("Echo");
  await dialog.getByRole("textbox", { name: "Persona" }).fill("You repeat the gist of what you hear.");
  await dialog.getByRole("checkbox", { name: "stop_run" }).uncheck();
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByRole("heading", { name: "Echo", level: 1 })).toBeVisible();

  // Into #design, a channel Ada is a member of (the picker offers only those).
  await page.getByRole("combobox", { name: "Add to channel" }).selectOption({ label: "#design" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("button", { name: "Remove Echo from #design" })).toBeVisible();

  // One tool off, and it stays off.
  await page.getByRole("checkbox", { name: "set_plans" }).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "set_plans" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "send_message" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "stop_run" })).not.toBeChecked();

  // The offline model answers the test prompt.
  await page.getByRole("button", { name: "Test model" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The model answered" })).toBeVisible({ timeout: 20_000 });

  // Its history: created, added to #design, changed (tools), each with before → after.
  await page.getByRole("link", { name: "History of changes" }).click();
  await expect(page.getByRole("heading", { name: "History of Echo", level: 1 })).toBeVisible();
  const changes = page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem");
  await expect(changes).toHaveCount(3);
  await expect(changes.nth(0)).toContainText('Ada Admin changed agent "Echo"');
  await expect(changes.nth(0).getByRole("row", { name: /enabledTools/ })).toBeVisible();
  await expect(changes.nth(1)).toContainText("added the agent to space #design");
  await expect(changes.nth(2)).toContainText('created agent "Echo"');
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first()).toContainText("Ada Admin");

  // Delete, after confirming; it leaves the list and shows under "Show archived agents".
  await page.goto("/admin/agents");
  await page.getByRole("link", { name: "Echo", exact: true }).click();
  await page.getByRole("button", { name: "Delete agent" }).click();
  await page.getByRole("dialog", { name: "Delete Echo?" }).getByRole("button", { name: "Delete Echo" }).click();
  await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Echo", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Show archived agents" }).click();
  await expect(page.getByRole("link", { name: "Echo", exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: /Echo/ })).toContainText("archived");
});

test("a member opening /admin gets the admins-only page", async ({ browser }) => {
  const member = await newUser(browser, "Moe");
  await member.page.goto("/admin");
  await expect(member.page.getByRole("heading", { name: "Admins only" })).toBeVisible();
  await member.page.goto("/admin/audit");
  await expect(member.page.getByRole("heading", { name: "Admins only" })).toBeVisible();
  await expect(member.page.getByRole("listitem")).toHaveCount(0);
  await member.context.close();
});
