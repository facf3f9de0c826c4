import { describe, expect, it } from "vitest";
import * as limits from "./limits";

// The values PRODUCT.md and the issue fix; changing one must be a deliberate act.
describe("product limits", () => {
  it("message length limit is 4000 characters", () => expect(limits.MAX_MESSAGE_LENGTH).toBe(4000));
  it("message pages default to 50 and cap at 200", () => {
    expect(limits.DEFAULT_PAGE_SIZE).toBe(50);
    expect(limits.MAX_PAGE_SIZE).toBe(200);
  });
  it("chain depth limit defaults to 5", () => expect(limits.MAX_CHAIN_DEPTH).toBe(5));
  it("bodies over 64 KiB are refused", () => expect(limits.MAX_BODY_BYTES).toBe(65536));
});
