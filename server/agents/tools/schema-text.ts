// The enabled tools as the provider receives them (name, description, JSON schema of the
// input), for the budget: they are sent with every step and take part of the window.
import { z } from "zod";
import { enabledTools } from "./registry";

export function toolSchemasText(enabled: readonly string[]): string {
  return enabledTools(enabled)
    .map((t) => JSON.stringify({ name: t.name, description: t.description, parameters: z.toJSONSchema(t.inputSchema, { unrepresentable: "any" }) }))
    .join("\n");
}
