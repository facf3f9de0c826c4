import { expect, test } from "@playwright/test";
import { composer, log, newUser, send } from "./helpers";

test("two people chat live: channel, markdown, typing, receipts, reply, unread badge and divider", async ({ browser }) => {
  const alice = await newUser(browser, "Alice");
  const bob = await newUser(browser, "Bob");
  const channel = `e2e-${Date.now()}`;
  const title = `#${channel}`;

  // Alice creates a channel with Bob in it.
  await alice.page.getByRole("button", { name: "Create channel" }).click();
  const dialog = alice.page.getByRole("dialog", { name: "Create a channel" });
  await dialog.getByLabel("Name").fill(channel);
  await dialog.getByLabel("Filter people and agents").fill("Bob");
  await dialog.getByRole("checkbox", { name: "Bob" }).first().check();
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(alice.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // Bob sees it appear in his sidebar without a refresh and opens it.
  await bob.page.getByRole("link", { name: new RegExp(`^${title}`) }).click();
  await expect(bob.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // Typing indicator.
  await composer(alice.page, title).fill("Hel");
  await expect(bob.page.getByRole("status").filter({ hasText: "Alice is typing…" })).toBeVisible();

  // Live message with markdown.
  await send(alice.page, title, "Hello **Bob**, see [docs](https://example.com)");
  const bobLog = log(bob.page, title);
  await expect(bobLog.getByRole("article", { name: /^Alice: Hello/ })).toBeVisible();
  await expect(bobLog.locator("strong", { hasText: "Bob" })).toBeVisible();
  await expect(bob.page.getByRole("status").filter({ hasText: "is typing" })).toHaveCount(0);

  // Bob is looking at it: Alice sees the read receipt.
  await expect(log(alice.page, title).getByLabel("Seen by Bob")).toBeVisible();

  // Shift+Enter adds a line; Enter sends. Bob replies to Alice's message.
  await bobLog.getByRole("article", { name: /^Alice: Hello/ }).hover();
  await bob.page.getByRole("button", { name: "Reply to Alice" }).click();
  const bobBox = composer(bob.page, title);
  await bobBox.fill("Thanks!");
  await bobBox.press("Shift+Enter");
  await bobBox.pressSequentially("Reading now.");
  await bobBox.press("Enter");
  const reply = log(alice.page, title).getByRole("article", { name: /^Bob: Thanks!/ });
  await expect(reply).toBeVisible();
  await expect(reply.getByRole("button", { name: /^Replying to Alice: Hello/ })).toBeVisible();
  await expect(reply).toContainText("Reading now.");

  // Bob goes to #general; Alice writes twice; Bob's badge counts 2.
  await bob.page.getByRole("link", { name: /^#general/ }).click();
  await expect(bob.page.getByRole("heading", { name: "#general", level: 1 })).toBeVisible();
  await send(alice.page, title, "First unread");
  await send(alice.page, title, "Second unread");
  await expect(bob.page.getByRole("link", { name: `${title}, 2 unread` })).toBeVisible();

  // Opening the channel shows the divider at the first unread message and clears the badge.
  await bob.page.getByRole("link", { name: `${title}, 2 unread` }).click();
  await expect(bob.page.getByRole("separator", { name: "New messages" })).toBeVisible();
  const afterDivider = bob.page.locator("[data-divider] + article");
  await expect(afterDivider).toContainText("First unread");
  await expect(bob.page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await bob.page.screenshot({ path: "test-results/screens/divider.png" });

  await alice.context.close();
  await bob.context.close();
});

test("nothing a user types runs as script in another browser", async ({ browser }) => {
  const alice = await newUser(browser, "Mallory");
  const bob = await newUser(browser, "Victim");
  const dialogs: string[] = [];
  bob.page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await bob.page.evaluate(() => ((window as unknown as { pwned: number }).pwned = 0));
  const corpus = [
    "<script>window.pwned=1;alert(1)</script>",
    '<img src=x onerror="window.pwned=1;alert(2)">',
    "[click me](javascript:window.pwned=1)",
    "<svg onload=alert(3)>",
    '<iframe src="javascript:alert(4)"></iframe>',
    "![x](javascript:alert(5))",
  ];
  for (const text of corpus) await send(alice.page, "#general", text);
  const bobLog = log(bob.page, "#general");
  await expect(bobLog.getByRole("article", { name: /^Mallory: !\[x\]/ })).toBeVisible();
  // What Mallory typed renders as text: no element of her messages' text may be markup (the
  // message's own controls carry icons).
  await expect(
    bobLog
      .getByRole("article", { name: /^Mallory:/ })
      .locator(".md")
      .locator("script, img, iframe, svg"),
  ).toHaveCount(0);
  await expect(bobLog.getByRole("article", { name: /^Mallory:/ }).locator(".md")).toHaveCount(corpus.length);
  await expect(bobLog.locator('a[href^="javascript"]')).toHaveCount(0);
  await bobLog
    .getByRole("link", { name: "click me" })
    .click()
    .catch(() => {});
  expect(await bob.page.evaluate(() => (window as unknown as { pwned: number }).pwned)).toBe(0);
  expect(dialogs).toEqual([]);
  await expect(bobLog).toContainText("<script>window.pwned=1;alert(1)</script>");
  await alice.context.close();
  await bob.context.close();
});
