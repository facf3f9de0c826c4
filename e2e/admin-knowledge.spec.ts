// An agent's goals, memories and plans in the admin panel: an admin adds a memory (the
// server's field message shows next to the field first), adds a plan, starts it now and opens
// the run it produced. Cleans up after itself so other specs see Scout as seeded.
import { expect, test } from "@playwright/test";
import { shots, signIn } from "./helpers";
test("an admin adds a memory, starts a plan now and opens its run", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.goto("/admin/agents");
  await page.getByRole("link", { name: "Scout", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Scout", level: 1 })).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}/knowledge`);
  await expect(page.getByRole("heading", { name: "Goals, memories & plans", level: 1 })).toBeVisible();

  // The server is the judge: an empty key gets its message under the Key field.
  await page.getByText("Add a memory").click();
  await page.getByRole("button", { name: "Add memory" }).click();
  await expect(page.getByRole("textbox", { name: "Key" })).toHaveAccessibleDescription(/key/i);
  await page.getByRole("textbox", { name: "Key" }).fill("e2e-fact");
  await page.getByRole("textbox", { name: "Value" }).fill("Standups are at 09:30 UTC.");
  await page.getByRole("button", { name: "Add memory" }).click();
  await expect(page.getByRole("button", { name: 'Edit memory "e2e-fact"' })).toBeVisible();

  await page.getByText("Add a plan").click();
  await page.getByRole("textbox", { name: "Name" }).fill("e2e-plan");
  await page.getByRole("combobox", { name: "Schedule" }).selectOption({ label: "Cron (UTC)" });
  await page.getByRole("textbox", { name: "Cron (UTC)" }).fill("0 9 * * *");
  await page.getByRole("textbox", { name: "Instruction (what the run should do)" }).fill("Say good morning.");
  await page.getByRole("button", { name: "Add plan" }).click();
  await expect(page.getByText("At 09:00 (UTC)")).toBeVisible();

  await page.getByRole("button", { name: 'Start plan "e2e-plan" now' }).click();
  const started = page.getByRole("status").filter({ hasText: "Started" });
  await expect(started).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Agent sections" }).getByRole("link", { name: "Goals, memories & plans" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await shots(page, "knowledge");
  await started.getByRole("link").click();
  await expect(page).toHaveURL(/\/runs\/[a-z0-9]+$/);

  // Leave Scout as seeded.
  await page.goBack();
  await page.reload();
  await page.getByRole("button", { name: 'Delete plan "e2e-plan"' }).click();
  await page.getByRole("button", { name: "Confirm delete" }).click();
  await expect(page.getByRole("button", { name: 'Delete plan "e2e-plan"' })).toHaveCount(0);
  await page.getByRole("button", { name: 'Delete memory "e2e-fact"' }).click();
  await page.getByRole("button", { name: "Confirm delete" }).click();
  await expect(page.getByRole("button", { name: 'Delete memory "e2e-fact"' })).toHaveCount(0);
});
