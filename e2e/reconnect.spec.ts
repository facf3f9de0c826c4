import { expect, test } from "@playwright/test";
import { log, newUser, send } from "./helpers";

test("a browser that drops and comes back shows exactly the missed messages, once each, in order", async ({ browser }) => {
  const alice = await newUser(browser, "Alice");
  const bob = await newUser(browser, "Bob");
  await send(alice.page, "#general", "before the drop");
  await expect(log(bob.page, "#general")).toContainText("before the drop");

  // Bob's network goes away: the socket closes and reconnect attempts fail while offline.
  await bob.context.setOffline(true);
  await bob.page.evaluate(() => (window as unknown as { parleySocket: { io: { engine: { close(): void } } } }).parleySocket.io.engine.close());
  await expect(bob.page.getByRole("status").filter({ hasText: "Reconnecting" })).toBeVisible();

  for (const text of ["missed one", "missed two", "missed three"]) await send(alice.page, "#general", text);
  // Bob writes while offline; it goes out once the connection is back.
  await send(bob.page, "#general", "written offline");
  await expect(bob.page.getByText(/^Waiting for connection/)).toBeVisible();

  await bob.context.setOffline(false);
  await expect(bob.page.getByRole("status", { name: "Connected" })).toBeVisible({ timeout: 30_000 });
  const bobLog = log(bob.page, "#general");
  // Wait for Alice's own messages by name: an agent's reply may quote "missed three" first.
  await expect(bobLog.getByRole("article", { name: "Alice: missed three" })).toBeVisible();
  const alicesMissed = async () =>
    (await bobLog.getByRole("article").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""))).filter((t) => t.startsWith("Alice: missed"));
  // Replayed messages may still be arriving: retry until the list settles, then it must be exact.
  await expect.poll(alicesMissed).toEqual(["Alice: missed one", "Alice: missed two", "Alice: missed three"]);

  await expect(log(alice.page, "#general").getByRole("article", { name: "Bob: written offline" })).toHaveCount(1);
  await bob.page.waitForTimeout(500);
  await expect(log(alice.page, "#general").getByRole("article", { name: "Bob: written offline" })).toHaveCount(1);
  await expect(bobLog.getByRole("article", { name: "Bob: written offline" })).toHaveCount(1);
  await alice.context.close();
  await bob.context.close();
});
