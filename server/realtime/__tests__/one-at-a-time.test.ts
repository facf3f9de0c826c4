import { describe, expect, it } from "vitest";
import { oneAtATime } from "../one-at-a-time";

describe("oneAtATime", () => {
  it("starts each piece of work only after the one before it settled, failures included", async () => {
    const inOrder = oneAtATime();
    const log: string[] = [];
    let release!: () => void;
    const first = inOrder(async () => {
      log.push("first starts");
      await new Promise<void>((r) => (release = r));
      log.push("first ends");
      throw new Error("first failed");
    });
    const second = inOrder(async () => {
      log.push("second runs");
      return 2;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(["first starts"]);
    release();
    await expect(first).rejects.toThrow("first failed");
    expect(await second).toBe(2);
    expect(log).toEqual(["first starts", "first ends", "second runs"]);
  });
});
