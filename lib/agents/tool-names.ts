// The agent tools, by name: what an admin can enable per agent. The server's registry
// (server/agents/tools/registry.ts) has exactly one tool for each name.
export const TOOL_NAMES = [
  "send_message",
  "enter_space",
  "read_messages",
  "get_my_runs",
  "stop_run",
  "set_memories",
  "get_memories",
  "delete_memories",
  "set_goals",
  "delete_goals",
  "set_plans",
  "get_plans",
  "delete_plans",
  "read_payload",
  "react",
  "search_messages",
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];
