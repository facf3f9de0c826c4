import { expect, type Page, test } from "@playwright/test";
import { log, newUser, send } from "./helpers";

/** Light and dark, desktop and phone, of what the page shows now (the open picker included). */
async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // The sidebar slides away when the width drops to a phone's: let it finish.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${process.env.SHOTS_DIR ?? "test-results"}/reactions-${name}-${scheme}-${size}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("two people react: picker search, live counts, toggling off, keyboard only", async ({ browser }) => {
  const ada = await newUser(browser, "Ada");
  const ben = await newUser(browser, "Ben");
  const channel = `react-${Date.now()}`;
  const title = `#${channel}`;

  await ada.page.getByRole("button", { name: "Create channel" }).click();
  const dialog = ada.page.getByRole("dialog", { name: "Create a channel" });
  await dialog.getByLabel("Name").fill(channel);
  await dialog.getByLabel("Filter people and agents").fill("Ben");
  await dialog.getByRole("checkbox", { name: "Ben" }).first().check();
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(ada.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await send(ada.page, title, "Ship it on Friday?");
  // Being added live is chat.spec.ts's subject; here Ben just opens the channel.
  await ben.page.goto("/spaces");
  await ben.page.getByRole("link", { name: new RegExp(`^${title}`) }).click();

  // Ben reacts through the picker's search.
  const bensView = log(ben.page, title).getByRole("article", { name: /^Ada: Ship it/ });
  await bensView.hover();
  await ben.page.getByRole("button", { name: "Add reaction to Ada's message" }).first().click();
  const picker = ben.page.getByRole("dialog", { name: "Add reaction" });
  await expect(picker.getByRole("region", { name: "Frequently used" }).getByRole("button", { name: "thumbs up" })).toBeVisible();
  await picker.getByRole("searchbox", { name: "Search emoji" }).fill("party");
  await picker.getByRole("button", { name: "party popper" }).click();
  await expect(picker).toBeHidden();

  // Ada sees it live, and adds hers by clicking the chip.
  const adasView = log(ada.page, title).getByRole("article", { name: /^Ada: Ship it/ });
  const adaChip = adasView.getByRole("button", { name: /^🎉 1 reaction from Ben/ });
  await expect(adaChip).toHaveAttribute("aria-pressed", "false");
  await adaChip.click();
  await expect(adasView.getByRole("button", { name: /^🎉 2 reactions from Ben, You/ })).toHaveAttribute("aria-pressed", "true");
  await expect(bensView.getByRole("button", { name: /^🎉 2 reactions from You, Ada/ })).toHaveAttribute("aria-pressed", "true");

  // Keyboard only: Ada tabs to "Add reaction", searches, Enter picks the first match.
  await ada.page.getByRole("button", { name: "Add reaction to Ada's message" }).first().focus();
  await ada.page.keyboard.press("Enter");
  const adaPicker = ada.page.getByRole("dialog", { name: "Add reaction" });
  await expect(adaPicker.getByRole("searchbox", { name: "Search emoji" })).toBeFocused();
  await ada.page.keyboard.type("eyes");
  await expect(adaPicker.getByRole("button", { name: "eyes", exact: true })).toBeVisible();
  await shots(ada.page, "picker");
  await ada.page.keyboard.press("Enter");
  await expect(bensView.getByRole("button", { name: /^👀 1 reaction from Ada/ })).toBeVisible();
  await expect(adasView.getByRole("button", { name: /^👀 1 reaction from You/ })).toBeVisible();
  await shots(ben.page, "chips");

  // Toggling off: Ben takes his 🎉 back, then Ada hers; the chip goes for both.
  await bensView.getByRole("button", { name: /^🎉 2 reactions/ }).click();
  await expect(adasView.getByRole("button", { name: /^🎉 1 reaction from You/ })).toBeVisible();
  await adasView.getByRole("button", { name: /^🎉 1 reaction from You/ }).click();
  await expect(bensView.getByRole("button", { name: /^🎉/ })).toHaveCount(0);
  await expect(adasView.getByRole("button", { name: /^🎉/ })).toHaveCount(0);
  await expect(bensView.getByRole("button", { name: /^👀 1 reaction from Ada/ })).toBeVisible();

  // A reload shows what is stored.
  await ben.page.reload();
  await expect(log(ben.page, title).getByRole("button", { name: /^👀 1 reaction from Ada/ })).toBeVisible();
});
