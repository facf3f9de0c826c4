// An agent as the admin panel and GET /api/agents show it: its settings, whether the server
// can call its provider, where it is a member, and what it did today (UTC).
import type { RunStatus } from "@/lib/runs/run-status";

export interface AgentSpaceDto {
  id: string;
  /** A channel's name; for a direct space, the other members' names. */
  name: string;
  kind: "channel" | "direct";
}

export interface AgentAdminDto {
  id: string;
  entityId: string;
  name: string;
  provider: string;
  modelId: string;
  modelSettings: unknown;
  persona: string;
  instructions: string;
  enabled: boolean;
  /** When an admin deleted (archived) it; null while it is live. */
  archivedAt: string | null;
  maxConcurrentRuns: number;
  maxToolSteps: number;
  maxRunDurationMs: number;
  /** How long its questions wait for an answer before the run resumes without one. */
  waitTimeoutMs: number;
  /** Tokens (input + output) its runs may use per UTC day; null: no budget. */
  dailyTokenBudget: number | null;
  /** Keywords or short phrases it covers: under reply mode auto, a message addressed to nobody wakes the best matches. */
  topics: string[];
  /** Tool names the agent is offered; empty means every tool. */
  enabledTools: string[];
  /** Whether the server has what this provider needs (its key or endpoint). Never the key itself. */
  providerConfigured: boolean;
  spaces: AgentSpaceDto[];
  /** Runs queued since 00:00 UTC and their token usage. */
  today: { runs: number; inputTokens: number; outputTokens: number; cachedInputTokens: number };
  lastRun: { id: string; status: RunStatus; queuedAt: string } | null;
}
