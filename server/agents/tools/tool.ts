// What an agent tool is: a name, the description and input schema the model reads, and
// what it does within a run. One file per tool; registry.ts lists them; build-tools.ts turns
// them into AI SDK tools that record each call in the run's timeline.
import type { z } from "zod";
import type { ToolName } from "@/lib/agents/tool-names";
import type { RunScope } from "./run-scope";

export interface AgentTool<S extends z.ZodType = z.ZodType> {
  name: ToolName;
  description: string;
  inputSchema: S;
  /** Throws AppError for anything the model should read and react to; the message is all it sees. */
  execute(scope: RunScope, input: z.infer<S>, toolCallId: string): Promise<unknown>;
}

/** Keeps each tool's input typed by its own schema while the registry holds them side by side. */
export const defineTool = <S extends z.ZodType>(tool: AgentTool<S>): AgentTool => tool as unknown as AgentTool;
