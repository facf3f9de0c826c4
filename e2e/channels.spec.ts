// Channels you can find: Ada creates a public channel and Ben finds it in the channel browser
// and joins; Ada sets its topic (a line both see live); Ada opens a group direct message with
// Ben and Cleo; Ada archives the channel: it leaves Ben's sidebar, and Ben still reads it from
// the browser's "Archived channels", read-only.
import { expect, type Page, test } from "@playwright/test";
import { log, send, signIn } from "./helpers";

/** The channel browser and its neighbours, light and dark, desktop and a 390 px phone. */
async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // The phone layout slides the sidebar away; let it finish before the picture.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/channels-${name}-${scheme}-${size}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("a public channel found and joined, its topic, a group DM of three, and archiving", async ({ browser }) => {
  const adaCtx = await browser.newContext();
  const benCtx = await browser.newContext();
  const ada = await adaCtx.newPage();
  const ben = await benCtx.newPage();
  await signIn(ada, "ada@parley.dev", "parley-admin");
  await signIn(ben, "ben@parley.dev", "parley-demo");

  // Ada creates a public channel.
  await ada.getByRole("button", { name: "Create channel" }).click();
  const create = ada.getByRole("dialog", { name: "Create a channel" });
  await create.getByRole("textbox", { name: "Name" }).fill("launch-party");
  await create.getByRole("textbox", { name: /Topic/ }).fill("Cake, slides and a demo");
  await create.getByRole("radio", { name: /Public/ }).check();
  await create.getByRole("button", { name: "Create channel" }).click();
  await expect(ada.getByRole("heading", { name: "#launch-party", level: 1 })).toBeVisible();
  await send(ada, "#launch-party", "Who brings the cake?");

  // Ben browses, searches, and joins.
  await ben.getByRole("button", { name: "Browse channels" }).click();
  const browse = ben.getByRole("dialog", { name: "Browse channels" });
  await expect(browse.getByRole("button", { name: "Join #launch-party" })).toBeVisible();
  await expect(browse.getByRole("button", { name: "Open #general" })).toBeVisible();
  // #design is private and Ben is not in it: it is not listed.
  await expect(browse.getByText("design", { exact: true })).toHaveCount(0);
  await shots(ben, "browser");
  await browse.getByRole("searchbox", { name: "Search channels" }).fill("launch");
  await expect(browse.getByRole("button", { name: "Open #general" })).toHaveCount(0);
  await expect(browse.getByText("Cake, slides and a demo")).toBeVisible();
  await expect(browse.getByText("1 member")).toBeVisible();
  await browse.getByRole("button", { name: "Join #launch-party" }).click();
  await expect(ben.getByRole("heading", { name: "#launch-party", level: 1 })).toBeVisible();
  await expect(log(ben, "#launch-party").getByText("Who brings the cake?")).toBeVisible();
  await expect(log(ada, "#launch-party").getByText("Ben Builder joined")).toBeVisible();
  await send(ben, "#launch-party", "I will!");
  await expect(log(ada, "#launch-party").getByText("I will!")).toBeVisible();

  // Ada sets the topic in the channel's settings: a line both see, and the header shows it.
  await ada.getByRole("button", { name: "Channel settings" }).click();
  const settings = ada.getByRole("dialog", { name: "#launch-party settings" });
  await settings.getByRole("textbox", { name: "Topic" }).fill("Friday 4pm, kitchen");
  await settings.getByRole("textbox", { name: "Description" }).fill("Everything about the launch party.");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(log(ben, "#launch-party").getByText("Ada Admin set the topic: Friday 4pm, kitchen")).toBeVisible();
  await expect(ben.getByRole("region", { name: "#launch-party" }).getByText("Friday 4pm, kitchen").first()).toBeVisible();
  // Ben is a plain member: he sees the settings but cannot change them.
  await ben.getByRole("button", { name: "Channel settings" }).click();
  const benSettings = ben.getByRole("dialog", { name: "#launch-party settings" });
  await expect(benSettings.getByRole("textbox", { name: "Topic" })).toBeDisabled();
  await expect(benSettings.getByRole("button", { name: "Archive channel" })).toHaveCount(0);
  await benSettings.getByRole("button", { name: "Close" }).click();

  // A group direct message of three.
  await ada.getByRole("button", { name: "New direct message" }).click();
  const dm = ada.getByRole("dialog", { name: "New direct message" });
  await dm.getByRole("checkbox", { name: "Ben Builder" }).check();
  await dm.getByRole("checkbox", { name: "Cleo Designer" }).check();
  await shots(ada, "group-dm-picker");
  await dm.getByRole("button", { name: "Open group conversation (3)" }).click();
  await expect(ada.getByRole("heading", { name: "Ben Builder, Cleo Designer", level: 1 })).toBeVisible();
  await send(ada, "Ben Builder, Cleo Designer", "Secret cake plan for the three of us");
  await ben.getByRole("link", { name: /^Ada Admin, Cleo Designer/ }).click();
  await expect(log(ben, "Ada Admin, Cleo Designer").getByText("Secret cake plan for the three of us")).toBeVisible();
  // The same three open the same conversation again.
  await ben.getByRole("button", { name: "New direct message" }).click();
  const benDm = ben.getByRole("dialog", { name: "New direct message" });
  await benDm.getByRole("checkbox", { name: "Ada Admin" }).check();
  await benDm.getByRole("checkbox", { name: "Cleo Designer" }).check();
  await benDm.getByRole("button", { name: "Open group conversation (3)" }).click();
  await expect(log(ben, "Ada Admin, Cleo Designer").getByText("Secret cake plan for the three of us")).toBeVisible();

  // Ada archives the channel: read-only, gone from Ben's sidebar, still readable from the browser.
  await ada.getByRole("link", { name: /^#launch-party/ }).click();
  await ada.getByRole("button", { name: "Channel settings" }).click();
  ada.once("dialog", (d) => void d.accept());
  await ada.getByRole("dialog", { name: "#launch-party settings" }).getByRole("button", { name: "Archive channel" }).click();
  await expect(ada.getByText("This channel is archived: you can read it, but not post.")).toBeVisible();
  await expect(ada.getByRole("textbox", { name: "Message #launch-party" })).toHaveCount(0);
  await expect(ben.getByRole("link", { name: /^#launch-party/ })).toHaveCount(0);
  await ben.getByRole("button", { name: "Browse channels" }).click();
  const archived = ben.getByRole("dialog", { name: "Browse channels" }).getByRole("region", { name: "Archived channels" });
  await expect(archived.getByText("launch-party")).toBeVisible();
  await shots(ben, "browser-archived");
  await archived.getByRole("button", { name: "Open #launch-party" }).click();
  await expect(log(ben, "#launch-party").getByText("Ada Admin archived the channel")).toBeVisible();
  await expect(log(ben, "#launch-party").getByText("Who brings the cake?")).toBeVisible();
  await expect(ben.getByText("This channel is archived: you can read it, but not post.")).toBeVisible();
  await shots(ben, "archived-channel");

  // Unarchived, it is back in Ben's sidebar and open for messages.
  await ada.getByRole("button", { name: "Unarchive…" }).click();
  await ada.getByRole("dialog", { name: "#launch-party settings" }).getByRole("button", { name: "Unarchive channel" }).click();
  await expect(ada.getByRole("textbox", { name: "Message #launch-party" })).toBeVisible();
  await expect(ben.getByRole("textbox", { name: "Message #launch-party" })).toBeVisible();
  await adaCtx.close();
  await benCtx.close();
});
