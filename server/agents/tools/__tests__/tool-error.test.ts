import { describe, expect, it } from "vitest";
import { toolErrorText } from "../tool-error";

describe("a tool error never repeats the model's input", () => {
  it("removes every input string, however deep, raw or JSON-quoted", () => {
    const input = { plans: [{ name: "SECRET-name", cron: 'SECRET "quoted"' }] };
    const text = toolErrorText(`Invalid cron expression ${JSON.stringify('SECRET "quoted"')} for SECRET-name`, input);
    expect(text).not.toContain("SECRET");
    expect(text).toBe('Invalid cron expression "…" for …');
  });

  it("leaves short inputs alone: they are words the message may use itself", () => {
    expect(toolErrorText("cron never fires", { cron: "cron" })).toBe("cron never fires");
  });
});
