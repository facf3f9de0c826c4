// The enabled tools as the provider receives them (name, description, JSON schema of the
// input), for the budget: they are sent with every step and take part of the window.
import { z } from "zod";
import { enabledTools } from "./registry";
import type { AgentTool } from "./tool";

// A tool's line never changes while the process runs; converting its schema is not free.
const lines = new WeakMap<AgentTool, string>();

export function toolSchemasText(enabled: readonly string[]): string {
  return enabledTools(enabled).map(lineOf).join("\n");
}

function lineOf(t: AgentTool): string {
  let line = lines.get(t);
  if (line === undefined) {
    line = JSON.stringify({ name: t.name, description: t.description, parameters: z.toJSONSchema(t.inputSchema, { unrepresentable: "any" }) });
    lines.set(t, line);
  }
  return line;
}
