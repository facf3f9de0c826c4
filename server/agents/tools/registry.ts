// Every agent tool, once, in the order the model sees them. An agent's enabledTools picks
// from these by name (empty = all).
import { TOOL_NAMES, type ToolName } from "@/lib/agents/tool-names";
import type { AgentTool } from "./tool";
import { sendMessageTool } from "./send-message";
import { enterSpaceTool } from "./enter-space";
import { readMessagesTool } from "./read-messages";
import { getMyRunsTool } from "./get-my-runs";
import { stopRunTool } from "./stop-run";
import { setMemoriesTool } from "./set-memories";
import { getMemoriesTool } from "./get-memories";
import { deleteMemoriesTool } from "./delete-memories";
import { setGoalsTool } from "./set-goals";
import { deleteGoalsTool } from "./delete-goals";
import { setPlansTool } from "./set-plans";
import { getPlansTool } from "./get-plans";
import { deletePlansTool } from "./delete-plans";
import { readPayloadTool } from "./read-payload";
import { reactTool } from "./react";
import { searchMessagesTool } from "./search-messages";

const tools: AgentTool[] = [
  sendMessageTool,
  enterSpaceTool,
  readMessagesTool,
  getMyRunsTool,
  stopRunTool,
  setMemoriesTool,
  getMemoriesTool,
  deleteMemoriesTool,
  setGoalsTool,
  deleteGoalsTool,
  setPlansTool,
  getPlansTool,
  deletePlansTool,
  readPayloadTool,
  reactTool,
  searchMessagesTool,
];

export const AGENT_TOOLS: ReadonlyMap<ToolName, AgentTool> = new Map(tools.map((t) => [t.name, t]));

/** The tools a run of this trigger type is offered: read_payload only where a stored payload exists (a service run). */
export function offeredTools(enabled: readonly string[], triggerType: string): AgentTool[] {
  return enabledTools(enabled).filter((t) => t.name !== "read_payload" || triggerType === "service");
}

/** The tools an agent with these enabled names gets, in registry order; none named means all. */
export function enabledTools(enabled: readonly string[]): AgentTool[] {
  return TOOL_NAMES.filter((n) => !enabled.length || enabled.includes(n)).map((n) => AGENT_TOOLS.get(n)!);
}
