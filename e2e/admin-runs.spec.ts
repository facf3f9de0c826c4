// The admin panel's Runs section: the old /runs address lands on it, a run appears live while
// the list is open, filters stay in the address across a reload, a run's page shows its place
// in the chain and opens the chain tree, and a failed run is retried (both pages link the two).
import { expect, type Page, test } from "@playwright/test";
import { send, signIn } from "./helpers";

/** Critic's step limit: at 1, a request that takes two tool calls (remember, then confirm) fails the run. */
async function criticSteps(page: Page, maxToolSteps: number) {
  const { agents } = await (await page.request.get("/api/agents")).json();
  const id = agents.find((a: { name: string }) => a.name === "Critic").id;
  const res = await page.request.patch(`/api/agents/${id}`, { data: { maxToolSteps } });
  expect(res.status(), await res.text()).toBe(200);
}

test("an admin watches runs arrive, filters them, opens one and its chain, and retries a failed one", async ({ browser }) => {
  // Several agent runs, two of them failing, on a shared 2-core machine.
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const chat = await context.newPage();
  await signIn(chat, "ada@parley.dev", "parley-admin");
  const admin = await context.newPage();
  await admin.goto("/runs");
  await admin.waitForURL(/\/admin\/runs$/);
  await expect(admin.getByRole("heading", { name: "Agent runs", level: 1 })).toBeVisible();
  await expect(admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Runs" })).toHaveAttribute("aria-current", "page");

  // A run appears without a reload, with its trigger's words. In #design, so the specs that
  // count agent replies in #general find only their own.
  await chat
    .getByRole("link", { name: /design/ })
    .first()
    .click();
  const question = `Planner, what do we know about the launch? ${Date.now()}`;
  await send(chat, "#design", question);
  const runs = admin.getByRole("region", { name: "Runs" });
  // Every agent of #design wakes; Planner is the one asked.
  const plannerRow = runs
    .getByRole("row")
    .filter({ hasText: question })
    .filter({ has: admin.getByRole("link", { name: "Planner" }) });
  await expect(plannerRow).toBeVisible({ timeout: 20_000 });

  // Filters live in the address and survive a reload.
  await admin.getByRole("combobox", { name: "Status" }).selectOption("completed");
  await admin.waitForURL(/status=completed/);
  await admin.getByRole("combobox", { name: "Trigger" }).selectOption("space_message");
  await admin.waitForURL(/trigger=space_message/);
  await admin.reload();
  await expect(admin.getByRole("combobox", { name: "Status" })).toHaveValue("completed");
  await expect(plannerRow).toBeVisible({ timeout: 20_000 });

  // The run's page: its place in the chain, and the chain tree.
  await plannerRow.getByRole("link", { name: "Planner" }).click();
  await expect(admin.getByRole("heading", { name: "Run of Planner", level: 1 })).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Place in the chain" })).toBeVisible();
  // Each model call's context is there to choose; choosing call 1 loads its own text.
  const calls = admin.getByRole("group", { name: "Model calls" }).getByRole("button");
  await expect(calls.first()).toHaveAccessibleName(/^Context of call 1: /);
  await calls.first().click();
  await expect(calls.first()).toHaveAttribute("aria-pressed", "true");
  await expect(admin.getByText(/^Call 1 of \d+: .*tokens$/)).toBeVisible();
  await expect(admin.getByRole("region", { name: "Context", exact: true })).not.toBeEmpty();
  await admin.getByRole("link", { name: "View chain" }).click();
  await expect(admin.getByRole("heading", { name: "Agent chain", level: 1 })).toBeVisible();
  await expect(admin.getByRole("list", { name: "Chain tree" })).toContainText(question.slice(0, 40));

  // A run that fails (Critic past its step limit) is retried once. (An agent whose provider has
  // no key is not woken at all: its refusal says so, and there is no run to retry.)
  await criticSteps(chat, 1);
  try {
    const ask = `Critic, remember that the review is at 4pm ${Date.now()}`;
    await send(chat, "#design", ask);
    await admin.goto("/admin/runs?status=failed");
    const failedRow = admin
      .getByRole("region", { name: "Runs" })
      .getByRole("row")
      .filter({ hasText: ask })
      .filter({ has: admin.getByRole("link", { name: "Critic" }) });
    await expect(failedRow).toBeVisible({ timeout: 20_000 });
    await failedRow.getByRole("link", { name: "Critic" }).click();
    await admin.getByRole("button", { name: "Retry run" }).click();
    await expect(admin.getByRole("link", { name: "the retry" })).toBeVisible();
    await expect(admin.getByRole("button", { name: "Retry run" })).toHaveCount(0);
    await admin.getByRole("link", { name: "the retry" }).click();
    await expect(admin.getByRole("link", { name: "the failed run" })).toBeVisible();
    await admin.screenshot({ path: "test-results/admin-run-retry.png", fullPage: true });
  } finally {
    await criticSteps(chat, 20);
  }
  await admin.setViewportSize({ width: 420, height: 900 });
  await admin.goto("/admin/runs");
  await expect(admin.getByRole("region", { name: "Runs" })).toBeVisible();
  await admin.screenshot({ path: "test-results/admin-runs-phone.png", fullPage: true });
  await context.close();
});
