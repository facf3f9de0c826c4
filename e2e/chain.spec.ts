// The agent chain of a message, live: a member asks the offline agents to discuss something,
// opens the chain from their own message, and watches the tree grow level by level until the
// agents stop at the channel's depth limit, with the reason shown.
import { expect, test } from "@playwright/test";
import { log, newUser, send } from "./helpers";

test("the chain tree grows live while a discussion unfolds and ends with the depth-limit refusal", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, context } = await newUser(browser, "Cora");
  await page
    .getByRole("link", { name: /general/ })
    .first()
    .click();
  const text = `Let's discuss the launch plan ${Date.now()}`;
  await send(page, "#general", text);
  const mine = log(page, "#general").getByRole("article", { name: `Cora: ${text}` });
  await expect(mine).toBeVisible();
  // Keyboard-first: the toolbar appears on focus, so Tab-reachable buttons need no hover.
  await mine.getByRole("button", { name: "Show the agent chain of Cora's message" }).focus();
  await page.keyboard.press("Enter");

  const panel = page.getByRole("complementary", { name: "Agent chain" });
  const tree = panel.getByRole("list", { name: "Chain tree" });
  await expect(tree.getByRole("listitem", { name: `Cora: ${text.slice(0, 60)}` })).toBeVisible();
  const steps = async () => Number((await panel.getByText(/^\d+ steps?/).textContent())?.match(/^\d+/)?.[0] ?? 0);
  // Seen while the chain is still unfolding: fewer steps than at the end.
  const early = await steps();
  const refusal = tree.getByText(/— chain depth limit reached: the message is at depth 5, the space allows 5/).first();
  await expect(refusal).toBeVisible({ timeout: 90_000 });
  expect(await steps()).toBeGreaterThan(early);
  // Agents handed the topic on level by level: a run at each depth from 0 to 5.
  for (let depth = 0; depth <= 5; depth++) await expect(tree.getByText(`depth ${depth}`, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/chain-tree.png" });
  await page.getByRole("button", { name: "Toggle dark mode" }).click();
  await page.setViewportSize({ width: 420, height: 860 });
  await page.screenshot({ path: "test-results/chain-tree-phone-dark.png" });
  await panel.getByRole("button", { name: "Close agent chain" }).click();
  await expect(panel).toHaveCount(0);
  await context.close();
});
