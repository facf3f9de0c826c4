import { expect, type Page, test } from "@playwright/test";
import { log, newUser, send } from "./helpers";

/** Screenshots to /tmp/shots-threads/<name>-<scheme>-<size>.png, to look at the layout. */
async function threadShots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 800 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots-threads/${name}-${scheme}-${size}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("two people in a thread: open it, reply, the count updates live, and 'Also send to channel'", async ({ browser }) => {
  const ada = await newUser(browser, "Ada");
  const ben = await newUser(browser, "Ben");
  const channel = `threads-${Date.now()}`;
  const title = `#${channel}`;

  // Ada makes a channel with Ben in it; Ben opens it.
  await ada.page.getByRole("button", { name: "Create channel" }).click();
  const dialog = ada.page.getByRole("dialog", { name: "Create a channel" });
  await dialog.getByLabel("Name").fill(channel);
  await dialog.getByLabel("Filter people and agents").fill("Ben");
  await dialog.getByRole("checkbox", { name: "Ben" }).first().check();
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(ada.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await ben.page.getByRole("link", { name: new RegExp(`^${title}`) }).click();
  await expect(ben.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  await send(ada.page, title, "Ship on Friday?");
  const rootOnAda = log(ada.page, title).getByRole("article", { name: /^Ada: Ship on Friday\?/ });
  await expect(rootOnAda).toBeVisible();

  // Ada starts a thread from the message's actions.
  await rootOnAda.hover();
  await rootOnAda.getByRole("button", { name: "Reply in thread to Ada" }).click();
  const adaPanel = ada.page.getByRole("complementary", { name: "Thread" });
  await expect(adaPanel.getByRole("article", { name: /^Ada: Ship on Friday\?/ })).toBeVisible();
  await adaPanel.getByRole("textbox", { name: "Reply in thread" }).fill("Only if QA signs off");
  await adaPanel.getByRole("textbox", { name: "Reply in thread" }).press("Enter");
  await expect(adaPanel.getByRole("log", { name: "Thread replies" }).getByText("Only if QA signs off")).toBeVisible();

  // Ben sees the count under the root, live; the reply itself is not in the channel.
  const summaryOnBen = log(ben.page, title).getByRole("button", { name: /^1 reply from Ada\. Last reply .+\. Open thread$/ });
  await expect(summaryOnBen).toBeVisible();
  await expect(log(ben.page, title).getByText("Only if QA signs off")).toHaveCount(0);

  // Ben opens the thread and answers, also to the channel.
  await summaryOnBen.click();
  const benPanel = ben.page.getByRole("complementary", { name: "Thread" });
  await expect(benPanel.getByText("Only if QA signs off")).toBeVisible();
  await benPanel.getByRole("checkbox", { name: "Also send to channel" }).check();
  await benPanel.getByRole("textbox", { name: "Reply in thread" }).fill("QA is on it today");
  await benPanel.getByRole("button", { name: "Send message" }).click();
  await expect(benPanel.getByText("QA is on it today")).toBeVisible();
  await expect(log(ben.page, title).getByRole("article", { name: /^Ben: QA is on it today/ })).toBeVisible();

  // Ada: the reply shows in her open panel and in the channel, and the root's count went to 2.
  await expect(adaPanel.getByText("QA is on it today")).toBeVisible();
  await expect(log(ada.page, title).getByRole("article", { name: /^Ben: QA is on it today/ })).toBeVisible();
  await expect(log(ada.page, title).getByRole("button", { name: /^2 replies from Ada, Ben\. Last reply .+\. Open thread$/ })).toBeVisible();

  await threadShots(ben.page, "thread");
  await adaPanel.getByRole("button", { name: "Close thread" }).click();
  await expect(adaPanel).toBeHidden();
  await threadShots(ada.page, "channel");

  // The Threads view's data: Ada follows the thread (she wrote the root) and has read it in the panel.
  const threads = await ada.page.request.get("/api/threads");
  const body = (await threads.json()) as { threads: { root: { text: string }; unreadCount: number }[] };
  expect(body.threads.find((t) => t.root.text === "Ship on Friday?")).toMatchObject({ unreadCount: 0 });

  // Ben closes the thread; Ada answers in it; Ben's Threads view counts it unread and opens it.
  await benPanel.getByRole("button", { name: "Close thread" }).click();
  await log(ada.page, title)
    .getByRole("button", { name: /^2 replies/ })
    .click();
  await adaPanel.getByRole("textbox", { name: "Reply in thread" }).fill("Done, shipping");
  await adaPanel.getByRole("textbox", { name: "Reply in thread" }).press("Enter");
  await expect(log(ben.page, title).getByRole("button", { name: /^3 replies from Ada, Ben\./ })).toBeVisible();
  await ben.page.getByRole("button", { name: "Threads", exact: true }).click();
  const view = ben.page.getByRole("dialog", { name: "Threads" });
  const entry = view.getByRole("button", { name: new RegExp(`^${title}: Ada: Ship on Friday\\?\\. 3 replies, 1 unread$`) });
  await expect(entry).toBeVisible();
  await threadShots(ben.page, "threads-view");
  await entry.click();
  await expect(view).toBeHidden();
  await expect(benPanel.getByText("Done, shipping")).toBeVisible();
});
