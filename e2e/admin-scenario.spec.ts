// An operator sets up a new agent from the admin panel alone and sees the agent act on it:
// create it, add it to #design, turn one tool off, give it a memory, then write in #design.
// The run's context holds the memory and the block of admin changes, and the inspector shows
// the tool that was not offered. Deletes the agent afterwards so other specs see the seed.
import { expect, test } from "@playwright/test";
import { send, signIn } from "./helpers";

test("an admin creates an agent, sets it up, and its next run shows the memory, the changes and the tool left out", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Mira${Date.now().toString(36).slice(-4)}`;
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.goto("/admin/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("textbox", { name: "Persona" }).fill("You keep track of launch dates.");
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const agentPath = new URL(page.url()).pathname;

  await page.getByRole("combobox", { name: "Add to channel" }).selectOption({ label: "#design" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("button", { name: `Remove ${name} from #design` })).toBeVisible();

  await page.getByRole("checkbox", { name: "set_plans" }).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  await page.getByRole("navigation", { name: "Agent sections" }).getByRole("link", { name: "Goals, memories & plans" }).click();
  await expect(page.getByRole("heading", { name: "Goals, memories & plans", level: 1 })).toBeVisible();
  await page.getByText("Add a memory").click();
  await page.getByRole("textbox", { name: "Key" }).fill("launch-date");
  await page.getByRole("textbox", { name: "Value" }).fill("The launch is on 3 March.");
  await page.getByRole("button", { name: "Add memory" }).click();
  await expect(page.getByRole("button", { name: 'Edit memory "launch-date"' })).toBeVisible();

  // Write in #design; the agent wakes.
  await page.goto("/spaces");
  await page
    .getByRole("link", { name: /design/ })
    .first()
    .click();
  const question = `${name}, when is the launch? ${Date.now()}`;
  await send(page, "#design", question);

  // Its run, from the admin panel.
  await page.goto("/admin/runs");
  const row = page
    .getByRole("region", { name: "Runs" })
    .getByRole("row")
    .filter({ hasText: question })
    .filter({ has: page.getByRole("link", { name }) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: `Run of ${name}`, level: 1 })).toBeVisible();
  const context = page.getByRole("region", { name: "Context", exact: true });
  await expect(context).toContainText("launch-date", { timeout: 30_000 });
  await expect(context).toContainText("The launch is on 3 March.");
  await expect(context).toContainText("ADMIN CHANGES since you were created");
  await expect(context).toContainText("memory.create");
  await expect(context).toContainText("agent.update");
  await expect(page.getByText(/not offered: .*set_plans/)).toBeVisible();
  // The offline model answers what it is asked by name, and the run ends.
  await expect(page.getByText("completed", { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: "test-results/admin-scenario-run.png", fullPage: true });

  // Leave the workspace as seeded: the agent goes (archived), and leaves #design's agents as they were.
  await page.goto(agentPath);
  await page.getByRole("button", { name: `Remove ${name} from #design` }).click();
  await expect(page.getByRole("button", { name: `Remove ${name} from #design` })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete agent" }).click();
  await page
    .getByRole("dialog", { name: `Delete ${name}?` })
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
});
