// Questions go to a person, and members steer agents, in two browsers: Ben asks Planner to
// deploy; Planner asks Ben with Deploy / Cancel buttons. Cleo sees "Waiting for Ben" and no
// buttons; Ben presses Deploy and the run goes on. Then Ben stops a long answer mid-stream.
import { expect, type Page, test } from "@playwright/test";
import { log, newUser, send } from "./helpers";

const SHOTS = process.env.SHOTS_DIR ?? "test-results";

/** Light and dark, desktop and 390 px phone (`desktopOnly` while something is about to end), scrolled to the newest message. */
async function screenshots(page: Page, name: string, desktopOnly = false) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      if (desktopOnly && size === "phone") continue;
      await page.setViewportSize(viewport);
      // The sidebar slides away when the width drops to a phone's: let it finish.
      await page.waitForTimeout(400);
      await page.evaluate(() => {
        const log = document.querySelector('[role="log"]');
        if (log) log.scrollTop = log.scrollHeight;
      });
      await page.screenshot({ path: `${SHOTS}/questions-${name}-${scheme}-${size}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("only the asked person answers with a button; the requester stops a long answer", async ({ browser }) => {
  test.setTimeout(120_000);
  const ben = await newUser(browser, "Ben");
  const cleo = await newUser(browser, "Cleo");
  for (const { page } of [ben, cleo]) {
    await page
      .getByRole("link", { name: /general/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "#general", level: 1 })).toBeVisible();
  }

  await send(ben.page, "#general", `Planner, deploy v2.1 please ${Date.now()}`);
  const questionFor = (page: Page) => log(page, "#general").getByRole("region", { name: "Question from Planner" }).last();

  // Cleo is not asked: she sees who is, and no buttons.
  await expect(questionFor(cleo.page)).toBeVisible({ timeout: 30_000 });
  await expect(questionFor(cleo.page).getByText(`Waiting for ${ben.name}`)).toBeVisible();
  await expect(questionFor(cleo.page).getByRole("button", { name: "Deploy" })).toHaveCount(0);
  await expect(questionFor(cleo.page).getByText(/expires in \d+:\d\d/)).toBeVisible();

  // Ben sees the choices.
  const benQuestion = questionFor(ben.page);
  await expect(benQuestion.getByRole("button", { name: "Deploy" })).toBeVisible();
  await expect(benQuestion.getByRole("button", { name: "Cancel" })).toBeVisible();
  await screenshots(ben.page, "asked");
  await screenshots(cleo.page, "waiting");

  await benQuestion.getByRole("button", { name: "Deploy" }).click();
  // The run goes on, in both browsers; the question shows who answered what.
  for (const { page } of [ben, cleo]) {
    await expect(
      log(page, "#general")
        .getByRole("article", { name: /^Planner: Thanks Ben — going ahead/ })
        .last(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(log(page, "#general").getByText(`Answered by ${ben.name}: Deploy`).last()).toBeVisible();
  }
  await screenshots(cleo.page, "answered");

  // A long answer: Ben (who asked) stops it while Planner writes.
  await send(ben.page, "#general", `Planner, write an essay on release trains ${Date.now()}`);
  const stop = ben.page.getByRole("button", { name: "Stop Planner" });
  await expect(stop).toBeVisible({ timeout: 30_000 });
  // Cleo is neither the requester nor an owner: no Stop for her.
  await expect(cleo.page.getByRole("button", { name: "Stop Planner" })).toHaveCount(0);
  await screenshots(ben.page, "stop", true);
  await stop.click();
  await expect(stop).toHaveCount(0, { timeout: 15_000 });
  await expect(ben.page.getByRole("status").filter({ hasText: /Planner is (thinking|writing)/ })).toHaveCount(0);
  await ben.page.waitForTimeout(2000);
  await expect(log(ben.page, "#general").getByRole("article", { name: /^Planner: Here is a longer answer/ })).toHaveCount(0);

  // What it did, under the answer Planner gave after the button.
  const answered = log(cleo.page, "#general")
    .getByRole("article", { name: /^Planner: Thanks Ben — going ahead/ })
    .last();
  await answered.getByRole("button", { name: "What Planner did" }).click();
  await expect(answered.getByText(/posted in #general/)).toBeVisible();

  await ben.context.close();
  await cleo.context.close();
});
