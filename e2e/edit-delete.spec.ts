import { expect, test } from "@playwright/test";
import { composer, log, newUser, send } from "./helpers";

const SHOTS = process.env.SHOTS_DIR ?? "test-results";

test("two people: edit with the Up arrow, edit from the toolbar, delete with a confirmation, live on the other side", async ({ browser }) => {
  const alice = await newUser(browser, "Alice");
  const bob = await newUser(browser, "Bob");
  const channel = `edits-${Date.now()}`;
  const title = `#${channel}`;

  await alice.page.getByRole("button", { name: "Create channel" }).click();
  const dialog = alice.page.getByRole("dialog", { name: "Create a channel" });
  await dialog.getByLabel("Name").fill(channel);
  await dialog.getByLabel("Filter people and agents").fill("Bob");
  await dialog.getByRole("checkbox", { name: "Bob" }).first().check();
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(alice.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await bob.page.getByRole("link", { name: new RegExp(`^${title}`) }).click();
  await expect(bob.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  const aliceLog = log(alice.page, title);
  const bobLog = log(bob.page, title);

  // Up arrow in the empty composer edits Alice's last message; Enter saves.
  await send(alice.page, title, "Lunch at noon?");
  await expect(bobLog.getByRole("article", { name: "Alice: Lunch at noon?" })).toBeVisible();
  await composer(alice.page, title).press("ArrowUp");
  const editBox = aliceLog.getByRole("textbox", { name: "Edit message" });
  await expect(editBox).toBeFocused();
  await editBox.fill("Lunch at 1pm?");
  await editBox.press("Enter");
  const edited = bobLog.getByRole("article", { name: "Alice: Lunch at 1pm?" });
  await expect(edited).toBeVisible();
  await expect(edited).toContainText("(edited)");
  await expect(composer(alice.page, title)).toBeFocused();

  // Escape cancels an edit: nothing changes.
  await composer(alice.page, title).press("ArrowUp");
  await aliceLog.getByRole("textbox", { name: "Edit message" }).fill("never sent");
  await aliceLog.getByRole("textbox", { name: "Edit message" }).press("Escape");
  await expect(aliceLog.getByRole("textbox", { name: "Edit message" })).toHaveCount(0);
  await expect(aliceLog.getByRole("article", { name: "Alice: Lunch at 1pm?" })).toBeVisible();

  // Bob replies; he cannot edit or delete Alice's message.
  await bobLog.getByRole("article", { name: "Alice: Lunch at 1pm?" }).hover();
  await expect(bobLog.getByRole("button", { name: "Edit message" })).toHaveCount(0);
  await expect(bobLog.getByRole("button", { name: "Delete Alice's message" })).toHaveCount(0);
  await bob.page.getByRole("button", { name: "Reply to Alice" }).click();
  await send(bob.page, title, "Sounds good");
  await expect(aliceLog.getByRole("article", { name: "Bob: Sounds good" })).toBeVisible();

  // Alice edits from the toolbar (hover), then deletes with the confirmation dialog.
  const mine = aliceLog.getByRole("article", { name: "Alice: Lunch at 1pm?" });
  await mine.hover();
  await alice.page.screenshot({ path: `${SHOTS}/edit-delete-toolbar-light-desktop.png` });
  await mine.getByRole("button", { name: "Edit message" }).click();
  await aliceLog.getByRole("textbox", { name: "Edit message" }).fill("Lunch at 1pm in the park?");
  await aliceLog.getByRole("button", { name: "Save" }).click();
  await expect(bobLog.getByRole("article", { name: "Alice: Lunch at 1pm in the park?" })).toBeVisible();

  const again = aliceLog.getByRole("article", { name: "Alice: Lunch at 1pm in the park?" });
  await again.hover();
  await again.getByRole("button", { name: "Delete Alice's message" }).click();
  const confirm = alice.page.getByRole("dialog", { name: "Delete message" });
  await expect(confirm).toBeVisible();
  await alice.page.screenshot({ path: `${SHOTS}/edit-delete-confirm-light-desktop.png` });
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();

  // Bob sees the placeholder in its place, and his reply quotes "message deleted".
  await expect(bobLog.getByRole("article", { name: "Alice: message deleted" })).toBeVisible();
  await expect(bobLog.getByText("Lunch at 1pm in the park?")).toHaveCount(0);
  await expect(bobLog.getByRole("article", { name: "Bob: Sounds good" }).getByRole("button", { name: "Replying to Alice: message deleted" })).toBeVisible();

  // After a reload the state is the server's: still edited / deleted.
  await bob.page.reload();
  await expect(log(bob.page, title).getByRole("article", { name: "Alice: message deleted" })).toBeVisible();

  // Screenshots: light and dark, desktop and phone, with an edit open.
  await send(alice.page, title, "One more thing");
  await expect(aliceLog.getByRole("article", { name: "Alice: One more thing" })).toBeVisible();
  await composer(alice.page, title).press("ArrowUp");
  await expect(aliceLog.getByRole("textbox", { name: "Edit message" })).toBeFocused();
  for (const scheme of ["light", "dark"] as const) {
    await alice.page.emulateMedia({ colorScheme: scheme });
    await alice.page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const [size, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await alice.page.setViewportSize(viewport);
      // The phone drawer slides out of view when the width changes: let it finish.
      await alice.page.waitForTimeout(400);
      await alice.page.screenshot({ path: `${SHOTS}/edit-delete-${scheme}-${size}.png` });
    }
  }
  // Bob's side, light: the placeholder, the quote and an edited message.
  await bob.page.screenshot({ path: `${SHOTS}/edit-delete-bob-light-desktop.png` });
  await alice.context.close();
  await bob.context.close();
});
