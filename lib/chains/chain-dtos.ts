// The chain tree of a message, as GET /api/messages/:id/chain returns it: the message an
// agent chain started from, what each agent decided about it (triggered, folded, resumed or
// refused, with the reason, e.g. the depth limit), the runs that followed and the messages
// they sent, level by level. Members see only messages in spaces they can read and run
// statuses; admins also get run ids (links into the run inspector) and errors.
import type { RunStatus } from "@/lib/runs/run-status";

export type TriggerDecisionKind = "triggered" | "folded" | "resumed" | "refused";

export interface ChainMessageNode {
  id: string;
  space: { id: string; name: string };
  sender: { id: string; name: string; type: "human" | "agent" };
  /** Clipped; empty when the message was deleted. */
  text: string;
  deleted: boolean;
  chainDepth: number;
  createdAt: string;
  /** The message the tree was asked for (the root may be an earlier one in its chain). */
  focus: boolean;
  decisions: ChainDecisionNode[];
}

export interface ChainDecisionNode {
  id: string;
  agent: { id: string; name: string };
  decision: TriggerDecisionKind;
  reason: string;
  /** The run this decision started; for a fold, the run the message joined (`joinedRun` instead). */
  run: ChainRunNode | null;
  /** A fold or a resume names the run it went into by its key in this tree, when that run is shown. */
  joinedRun: string | null;
}

export interface ChainRunNode {
  /** Stable within one tree, for every viewer: folds refer to runs by it. */
  key: string;
  /** Admins only: the run's id, for the run inspector. */
  id: string | null;
  agentName: string;
  status: RunStatus;
  chainDepth: number;
  /** From start to end (or to now while it runs); null before it started. */
  durationMs: number | null;
  /** Admins only: why it failed or was canceled. */
  error: string | null;
  /** What it posted, in any space (an enter_space edge when the space differs from its trigger's). */
  messages: ChainMessageNode[];
  /** Admins only (0 for members): messages it posted in spaces the viewer cannot read, counted, not shown. */
  hiddenMessages: number;
}

export interface ChainDto {
  root: ChainMessageNode;
  /** Nodes shown (messages + decisions + runs). */
  nodes: number;
  /** True when the tree stopped at the node limit; deeper levels were not loaded. */
  truncated: boolean;
}
