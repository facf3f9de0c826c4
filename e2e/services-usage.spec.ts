// An agent's Services page, the usage charts and the price settings, as Ada (admin): rotate
// and revoke Scout's key, send a test trigger (a bad payload first) and watch its run end,
// switch the usage range, save a price and see a field error. Screenshots (light/dark,
// desktop/phone) go to test-results/.
import { expect, test } from "@playwright/test";
import { shots, signIn } from "./helpers";

test("an admin rotates and revokes Scout's key and sends a test trigger whose run is shown live", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.goto("/admin/agents");
  const href = await page.getByRole("link", { name: "Scout", exact: true }).getAttribute("href");
  await page.goto(`${href}/service`);
  await expect(page.getByRole("heading", { name: "Services: Scout", level: 1 })).toBeVisible();

  // A key must list the spaces it reaches: none chosen, no key.
  const general = page.getByRole("checkbox", { name: "#general" });
  await general.uncheck();
  await expect(page.getByRole("button", { name: /^(Rotate|Create) key$/ })).toBeDisabled();
  await general.check();
  await page.getByRole("button", { name: /^(Rotate|Create) key$/ }).click();
  const key = page.getByRole("textbox", { name: "New service key" });
  await expect(key).toHaveValue(/^pk_/);
  const prefix = (await key.inputValue()).slice(0, 8);
  await expect(page.getByText(`${prefix}…`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the new key" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^#general \(while Ada Admin is in them\)$/ })).toBeVisible();
  await expect(page.getByText(`/api/agents/${href?.split("/").pop()}/trigger`)).toBeVisible();

  // A payload that is not JSON cannot be sent, and says where it went wrong.
  const payload = page.getByRole("textbox", { name: "Payload (JSON)" });
  await payload.fill('{"build": 42,}');
  await expect(page.getByRole("alert").filter({ hasText: "Not valid JSON" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test trigger" })).toBeDisabled();
  await payload.fill('{"build": 42}');
  await page.getByRole("button", { name: "Send test trigger" }).click();
  const testRun = page.getByRole("region", { name: "Test run" });
  await expect(testRun.getByRole("status")).toContainText("completed", { timeout: 30_000 });
  await expect(testRun.getByRole("link", { name: "Open the run" })).toHaveAttribute("href", /^\/runs\//);
  await expect(page.getByRole("region", { name: "Recent service runs" }).getByRole("cell", { name: "test" }).first()).toBeVisible();
  await shots(page, "services");

  await page.getByRole("button", { name: "Revoke key" }).click();
  await page.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(page.getByText("No key: services cannot trigger this agent")).toBeVisible();
});

test("the usage page charts the last 7 or 30 days with named figures", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.goto("/admin/usage");
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("figure", { name: "Run outcomes per day" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Run duration per day" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Estimated cost per day" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Tokens per day: Scout" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Run outcomes per day" }).locator("svg").first()).toBeVisible();
  await shots(page, "usage");
  await page.getByRole("link", { name: "Last 30 days" }).click();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: "Run outcomes per day" }).getByRole("row")).toHaveCount(31);
});

test("an admin sets a model price; a blank price is named under its input", async ({ page }) => {
  await signIn(page, "ada@parley.dev", "parley-admin");
  await page.goto("/admin/settings");
  const input = page.getByRole("spinbutton", { name: "Input price of gpt-4o, USD per million tokens", exact: true });
  await expect(input).toHaveValue("2.5");
  await input.fill("3");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("spinbutton", { name: "Input price of gpt-4o, USD per million tokens", exact: true })).toHaveValue("3");
  const output = page.getByRole("spinbutton", { name: "Output price of gpt-4o, USD per million tokens" });
  await output.fill("");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(output).toHaveAttribute("aria-invalid", "true");
  await shots(page, "settings");
  await page.getByRole("button", { name: "Reset gpt-4o to its default" }).click();
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
});
