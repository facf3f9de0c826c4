import { expect, type Page, test } from "@playwright/test";
import { composer, log, newUser, send } from "./helpers";

/** Screenshots to /tmp/ui-<name>-<scheme>-<size>.png, to look at the layout. */
async function uiShots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 800 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // The phone drawer slides out of view when the width changes: let it finish.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/ui-${name}-${scheme}-${size}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

async function createChannel(page: Page, name: string, member?: string) {
  await page.getByRole("button", { name: "Create channel" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a channel" });
  await dialog.getByLabel("Name").fill(name);
  if (member) {
    await dialog.getByLabel("Filter people and agents").fill(member);
    await dialog.getByRole("checkbox", { name: member }).first().check();
  }
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(page.getByRole("heading", { name: `#${name}`, level: 1 })).toBeVisible();
}

test("a draft is kept per space across a switch (Ctrl-K) and a reload", async ({ browser }) => {
  const ada = await newUser(browser, "Ada");
  const page = ada.page;
  const channel = `drafts-${Date.now()}`;
  await createChannel(page, channel);

  await page.getByRole("link", { name: /^#general/ }).click();
  await composer(page, "#general").fill("half a thought");

  // Ctrl-K: type to filter, Enter opens the channel.
  await page.keyboard.press("Control+k");
  const switcher = page.getByRole("dialog", { name: "Switch to a conversation" });
  const box = switcher.getByRole("combobox", { name: "Find a channel, person or agent" });
  await expect(box).toBeFocused();
  await box.fill(channel.slice(0, 10));
  await expect(switcher.getByRole("option", { name: new RegExp(`#${channel}`), selected: true })).toBeVisible();
  await uiShots(page, "switcher");
  await box.press("Enter");
  await expect(page.getByRole("heading", { name: `#${channel}`, level: 1 })).toBeVisible();
  await expect(switcher).toBeHidden();

  // The sidebar marks #general as holding a draft; it survives a reload.
  await expect(page.getByRole("link", { name: "#general, draft" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: "#general, draft" })).toBeVisible();
  await page.getByRole("link", { name: "#general, draft" }).click();
  await expect(composer(page, "#general")).toHaveValue("half a thought");

  // Sent, the draft is gone.
  await composer(page, "#general").press("Enter");
  await expect(log(page, "#general").getByRole("article", { name: "Ada: half a thought" })).toBeVisible();
  await page.getByRole("link", { name: `#${channel}` }).click();
  await expect(page.getByRole("link", { name: /^#general/ })).not.toHaveAccessibleName(/draft/);

  // Esc closes the switcher; arrows move through it.
  await page.keyboard.press("Control+k");
  await expect(box).toBeFocused();
  await box.press("Escape");
  await expect(switcher).toBeHidden();
  await ada.context.close();
});

test("a rate-limited burst is queued with a countdown, survives a reload and goes out once each, in order", async ({ browser }) => {
  const ada = await newUser(browser, "Ada");
  const page = ada.page;
  const channel = `outbox-${Date.now()}`;
  await createChannel(page, channel);
  const title = `#${channel}`;
  // Past the per-person message limit (20 per 10 s): the rest are queued until the server allows them.
  const texts = Array.from({ length: 26 }, (_, i) => `burst ${i + 1}`);
  for (const text of texts) await send(page, title, text);
  await expect(page.getByText(/^Queued until .* sending in \d+ s$/).first()).toBeVisible();
  await uiShots(page, "outbox");

  // A reload keeps the queue; it resumes by itself.
  await page.reload();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const chat = log(page, title);
  await expect(chat.getByRole("article", { name: "Ada: burst 26" })).toBeVisible({ timeout: 40_000 });
  await expect(page.locator("[data-outbox]")).toHaveCount(0);
  const names = await chat.getByRole("article").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
  expect(names.filter((n) => n.startsWith("Ada: burst"))).toEqual(texts.map((t) => `Ada: ${t}`));

  // Offline: the message waits for the connection, then goes out once.
  await ada.context.setOffline(true);
  await page.evaluate(() => (window as unknown as { parleySocket: { io: { engine: { close(): void } } } }).parleySocket.io.engine.close());
  await expect(page.getByRole("status").filter({ hasText: "Reconnecting" })).toBeVisible();
  await send(page, title, "written offline");
  await expect(page.getByText(/^Waiting for connection/)).toBeVisible();
  await uiShots(page, "offline");
  await ada.context.setOffline(false);
  await expect(chat.getByRole("article", { name: "Ada: written offline" })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator("[data-outbox]")).toHaveCount(0);
  await ada.context.close();
});

test("date separators, Jump to unread, and no New-messages divider for what arrives while watching", async ({ browser }) => {
  const ada = await newUser(browser, "Ada");
  const ben = await newUser(browser, "Ben");
  const channel = `unread-${Date.now()}`;
  const title = `#${channel}`;
  await createChannel(ada.page, channel, "Ben");
  for (let i = 1; i <= 14; i++) await send(ada.page, title, `note ${i}\nsecond line\nthird line\nfourth line`);
  await expect(log(ada.page, title).getByRole("article", { name: /^Ada: note 14/ })).toBeVisible();

  await ben.page.getByRole("link", { name: `${title}, 14 unread` }).click();
  const chat = log(ben.page, title);
  await expect(chat.getByRole("separator", { name: "New messages" })).toBeVisible();
  await expect(chat.getByRole("separator", { name: "Today" })).toHaveCount(1);

  // Down at the latest, the first unread is above the view: a control jumps back to it.
  await ben.page.getByRole("button", { name: "↓ Jump to latest" }).click();
  const jump = ben.page.getByRole("button", { name: "↑ Jump to unread" });
  await expect(jump).toBeVisible();
  await jump.focus();
  await ben.page.keyboard.press("Enter");
  await expect(chat.getByRole("separator", { name: "New messages" })).toBeInViewport();
  await uiShots(ben.page, "unread");

  // While Ben watches, new messages get no divider of their own.
  await ben.page.getByRole("button", { name: "↓ Jump to latest" }).click();
  await send(ada.page, title, "while you watch");
  await expect(chat.getByRole("article", { name: "Ada: while you watch" })).toBeVisible();
  await expect(chat.getByRole("separator", { name: "New messages" })).toHaveCount(1);
  await expect(chat.locator("[data-divider] + article")).toContainText("note 1");

  // Phone, dark: the drawer is opaque over the space.
  await ben.page.setViewportSize({ width: 390, height: 800 });
  await ben.page.emulateMedia({ colorScheme: "dark" });
  await ben.page.evaluate(() => document.documentElement.classList.add("dark"));
  await ben.page.getByRole("button", { name: "Open sidebar" }).click();
  await ben.page.waitForTimeout(400);
  await ben.page.screenshot({ path: "/tmp/ui-drawer-dark-phone.png" });
  await ada.context.close();
  await ben.context.close();
});
