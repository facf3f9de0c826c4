import { expect, type Page, test } from "@playwright/test";
import { composer, log, newUser } from "./helpers";

/** Screenshots to /tmp/shots-mentions/<name>-<scheme>-<size>.png, to look at the layout. */
async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 800 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots-mentions/${name}-${scheme}-${size}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("Ada mentions Ben from the autocomplete; Ben sees it highlighted, in Mentions and on the badge; he mutes the channel", async ({ browser }) => {
  const ada = await newUser(browser, "Ada");
  // A name of its own: other specs sign up people called Ben too, and the picker lists everyone.
  const benName = `Ben${Date.now() % 100000}`;
  const ben = await newUser(browser, benName);
  const channel = `mentions-${Date.now()}`;

  // Ada opens a channel with Ben in it.
  await ada.page.getByRole("button", { name: "Create channel" }).click();
  const dialog = ada.page.getByRole("dialog", { name: "Create a channel" });
  await dialog.getByLabel("Name").fill(channel);
  await dialog.getByLabel("Filter people and agents").fill(benName);
  await dialog.getByRole("checkbox", { name: benName, exact: true }).check();
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(ada.page.getByRole("heading", { name: `#${channel}`, level: 1 })).toBeVisible();
  await expect(ben.page.getByRole("link", { name: new RegExp(`^#${channel}`) })).toBeVisible();

  // "@Be" lists Ben; Escape closes the list, typing on opens it again; Enter picks.
  const box = composer(ada.page, `#${channel}`);
  await box.pressSequentially("@B");
  const list = ada.page.getByRole("listbox", { name: "Members to mention" });
  await expect(list).toBeVisible();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await box.pressSequentially("e");
  await expect(list.getByRole("option", { name: `@${benName}`, selected: true })).toBeVisible();
  await shots(ada.page, "autocomplete");
  await box.press("Enter");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue(`@${benName} `);
  await box.pressSequentially("can you review this?");
  await box.press("Enter");
  await expect(log(ada.page, `#${channel}`).getByText(`@${benName}`)).toBeVisible();

  // Ben is elsewhere: the channel's mention badge and the Mentions entry count it.
  await expect(ben.page.getByRole("link", { name: new RegExp(`^#${channel}.*1 mention`) })).toBeVisible();
  const mentionsLink = ben.page.getByRole("link", { name: "Mentions, 1 unread" });
  await expect(mentionsLink).toBeVisible();
  await mentionsLink.click();
  const item = ben.page.getByRole("article", { name: `Ada in #${channel}` });
  await expect(item.getByText(`@${benName}`)).toBeVisible();
  await expect(item.locator('[data-mention="me"]')).toHaveText(`@${benName}`);
  await shots(ben.page, "mentions-view");

  // Jumping opens the channel; reading it clears the badge.
  await item.getByRole("button", { name: "Jump to message" }).click();
  await expect(ben.page.getByRole("heading", { name: `#${channel}`, level: 1 })).toBeVisible();
  await expect(log(ben.page, `#${channel}`).locator('[data-mention="me"]')).toHaveText(`@${benName}`);
  await expect(ben.page.getByRole("link", { name: "Mentions", exact: true })).toBeVisible();

  // Ben mutes the channel from its bell menu.
  await ben.page.getByRole("button", { name: "Notifications: All new messages" }).click();
  await ben.page.getByRole("menuitemradio", { name: "Only mentions (muted)" }).click();
  await expect(ben.page.getByRole("button", { name: "Notifications: Only mentions (muted)" })).toBeVisible();
  await shots(ben.page, "channel-muted");
  await ben.page.getByRole("link", { name: /^#general/ }).click();
  await expect(ben.page.getByRole("link", { name: new RegExp(`^#${channel}.*muted`) })).toBeVisible();

  // Notifications are offered, never asked for on load: the banner's button asks.
  await expect(ben.page.getByRole("button", { name: "Enable notifications" })).toBeVisible();
  await ada.context.close();
  await ben.context.close();
});
