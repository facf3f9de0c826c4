// The cases the contract tests cannot reach through a real provider: error bodies the SDK
// cannot parse (vLLM's own shape), and errors that are not the provider's at all.
import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import { describeProviderFailure } from "../describe-provider-failure";

const call = { url: "http://127.0.0.1:8000/v1/chat/completions", requestBodyValues: {} };

describe("describeProviderFailure", () => {
  it("finds a context overflow in a body the SDK could not parse (vLLM's error shape)", () => {
    const responseBody = JSON.stringify({
      object: "error",
      message: "This model's maximum context length is 4096 tokens. However, you requested 5120 tokens in the messages.",
      type: "BadRequestError",
      param: null,
      code: 400,
    });
    // The openai-compatible provider expects {error:{message}}; for anything else the message is the status text.
    const e = new APICallError({ ...call, message: "Bad Request", statusCode: 400, responseBody });
    expect(describeProviderFailure(e)).toMatch(/^Model call failed: the prompt is too long for the model's context window \(HTTP 400\)/);
  });

  it("leaves other 4xx errors, and errors that are not the provider's, to the generic text", () => {
    const badRequest = new APICallError({ ...call, message: "Invalid schema for function 'send_message'", statusCode: 400, responseBody: "{}" });
    expect(describeProviderFailure(badRequest)).toBeUndefined();
    expect(describeProviderFailure(new Error("upstream overloaded"))).toBeUndefined();
    expect(describeProviderFailure("a string")).toBeUndefined();
  });
});
