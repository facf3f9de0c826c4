// The offline agents in the browser: a human's message makes an agent think, stream its
// reply into one bubble and post it — seen live by another user too. Admins can open the
// run inspector from the message.
import { expect, test } from "@playwright/test";
import { log, newUser, send } from "./helpers";

test("an agent thinks, streams one bubble and posts it, in another user's browser too", async ({ browser }) => {
  const writer = await newUser(browser, "Wren");
  const watcher = await newUser(browser, "Vale");
  for (const { page } of [writer, watcher]) {
    await page
      .getByRole("link", { name: /general/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "#general", level: 1 })).toBeVisible();
  }
  const text = `Scout, what do we know about the launch? ${Date.now()}`;
  await send(writer.page, "#general", text);

  const watch = watcher.page;
  // Thinking and the draft last about a second each: sample the page every 20 ms, in the
  // browser, so a busy machine cannot make the test look between two states.
  const sample = <T>(fn: () => T | null) => watch.waitForFunction(fn, undefined, { polling: 20, timeout: 15_000 }).then((h) => h.jsonValue());
  const indicator = await sample(
    () => [...document.querySelectorAll('[role="status"]')].map((e) => e.textContent ?? "").find((t) => /Scout is (thinking|writing)…/.test(t)) ?? null,
  );
  expect(indicator).toMatch(/Scout is (thinking|writing)…/);
  const draftSeen = await sample(() => {
    const d = document.querySelector('[role="log"] article[data-draft]');
    if (!d?.getAttribute("aria-label")?.startsWith("Scout")) return null;
    return {
      label: d.getAttribute("aria-label"),
      busy: d.getAttribute("aria-busy"),
      badge: [...d.querySelectorAll("span")].some((s) => s.textContent === "offline model"),
    };
  });
  expect(draftSeen).toEqual({ label: expect.stringMatching(/^Scout is writing: /), busy: "true", badge: true });
  const draft = log(watch, "#general").locator("article[data-draft]");
  const status = watch.getByRole("status").filter({ hasText: /Scout is (thinking|writing)…/ });

  const reply = log(watch, "#general")
    .getByRole("article", { name: /^Scout: Noted|^Scout: I research/ })
    .last();
  await expect(reply).toBeVisible();
  await expect(draft).toHaveCount(0);
  await expect(status).toHaveCount(0);
  // Exactly one message from Scout answers, in both browsers.
  for (const { page } of [writer, watcher]) {
    await expect(log(page, "#general").getByRole("article", { name: /^Scout: I research/ })).toHaveCount(1);
  }
  await watch.screenshot({ path: "test-results/agent-reply.png" });
  await writer.context.close();
  await watcher.context.close();
});

test("an admin opens the run that sent an agent message and sees its timeline and context", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("Email").fill("ada@parley.dev");
  await page.getByLabel("Password").fill("parley-admin");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/spaces/);
  await page
    .getByRole("link", { name: /general/ })
    .first()
    .click();
  await send(page, "#general", `Critic, remember that the demo is at 3pm ${Date.now()}`);
  const reply = log(page, "#general")
    .getByRole("article", { name: /^Critic: Noted — I'll remember/ })
    .last();
  await expect(reply).toBeVisible({ timeout: 20_000 });
  // The message toolbar shows on hover or focus; new messages arriving can move the pointer
  // off it, so follow the link's target rather than racing the hover.
  const href = await reply.locator('a[aria-label^="Inspect the run"]').getAttribute("href");
  expect(href).toMatch(/^\/admin\/runs\/\w+$/);
  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Run of Critic", level: 1 })).toBeVisible();
  await expect(page.locator("header").getByText("completed", { exact: true })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Run timeline" });
  await expect(timeline.getByText("set_memories").first()).toBeVisible();
  await expect(timeline.getByText(/Sent: “Noted/)).toBeVisible();
  await expect(page.getByLabel("Context", { exact: true })).toContainText("TRIGGER:\n  type: space_message");
  await page.screenshot({ path: "test-results/run-inspector.png", fullPage: true });
});
