import { describe, expect, it } from "vitest";
import { reasonForMember } from "./decision-reason";

describe("reasonForMember", () => {
  it("keeps which key or endpoint is missing from members", () => {
    expect(reasonForMember("not configured: provider openai has no key (OPENAI_API_KEY is not set)")).toBe(
      "not configured: the model provider isn't configured",
    );
  });
  it("says who a message was addressed to as it is: names are the space's own", () => {
    expect(reasonForMember("not addressed: the message is addressed to Ben Builder")).toBe("not addressed: the message is addressed to Ben Builder");
    expect(reasonForMember("queued at chain depth 0 (addressed: named)")).toBe("queued at chain depth 0 (addressed: named)");
  });
});
