import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TOOL_NAMES } from "@/lib/agents/tool-names";
import { AGENT_TOOLS, enabledTools } from "../registry";

describe("the tool registry", () => {
  it("has exactly one tool per name an admin can enable, 16 in all, each described with an object schema", () => {
    expect(TOOL_NAMES).toHaveLength(16);
    expect([...AGENT_TOOLS.keys()]).toEqual([...TOOL_NAMES]);
    for (const [name, tool] of AGENT_TOOLS) {
      expect(tool.name).toBe(name);
      expect(tool.description.length).toBeGreaterThan(10);
      expect(tool.inputSchema).toBeInstanceOf(z.ZodObject);
    }
  });

  it("gives an agent only its enabled tools, in registry order; none enabled means all", () => {
    expect(enabledTools(["read_messages", "send_message", "not_a_tool"]).map((t) => t.name)).toEqual(["send_message", "read_messages"]);
    expect(enabledTools([])).toHaveLength(TOOL_NAMES.length);
  });
});
