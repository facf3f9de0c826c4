import { describe, expect, it } from "vitest";
import { errorsByRow, resetRow, toBody, toRow } from "./price-rows";

describe("price form rows", () => {
  const rows = [
    toRow({ modelId: "gpt-4o", price: { inputPerM: 3, cachedInputPerM: 1, outputPerM: 12 }, source: "admin", agents: ["Scout"] }),
    toRow({ modelId: "gpt-4o-mini", price: { inputPerM: 0.15, cachedInputPerM: 0.075, outputPerM: 0.6 }, source: "default", agents: [] }),
    {
      ...toRow({ modelId: "my-llama", price: null, source: "none", agents: [] }),
      source: "admin" as const,
      values: { inputPerM: "1", cachedInputPerM: "", outputPerM: "2" },
    },
  ];

  it("sends only admin-priced rows, blanks as null so the server names them", () => {
    expect(toBody(rows)).toEqual({
      prices: [
        { modelId: "gpt-4o", inputPerM: 3, cachedInputPerM: 1, outputPerM: 12 },
        { modelId: "my-llama", inputPerM: 1, cachedInputPerM: null, outputPerM: 2 },
      ],
    });
  });

  it("maps the server's field paths back to the row and field", () => {
    expect(errorsByRow(toBody(rows), { "prices.1.cachedInputPerM": "expected number", body: "x" })).toEqual({ "my-llama cachedInputPerM": "expected number" });
  });

  it("resets to the default price, or to no price", () => {
    expect(resetRow(rows[0]!)).toMatchObject({ source: "default", values: { inputPerM: "2.5", cachedInputPerM: "1.25", outputPerM: "10" } });
    expect(resetRow(rows[2]!)).toMatchObject({ source: "none", values: { inputPerM: "", cachedInputPerM: "", outputPerM: "" } });
  });
});
