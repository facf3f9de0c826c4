// The chain tree of a message: from the human message (or plan/service message) that started
// its chain, what every agent decided, the runs that followed and what they posted, level by
// level. Anyone who can read the message may ask; every message shown is in a space the
// viewer can read (others are counted on their run, never shown), and only admins see run
// ids and errors. Each level costs three indexed queries (decisions by message, runs by id,
// messages by run), and the tree stops at CHAIN_MAX_NODES, so a runaway chain stays cheap.
import { z } from "zod";
import { CHAIN_MAX_NODES, CHAIN_TEXT_CLIP } from "@/lib/limits";
import type { ChainDecisionNode, ChainDto, ChainMessageNode, ChainRunNode, TriggerDecisionKind } from "@/lib/chains/chain-dtos";
import type { RunStatus } from "@/lib/runs/run-status";
import type { Db } from "../../db/client";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { reasonForMember } from "@/lib/agents/decision-reason";
import { findChainRoot } from "./chain-root";
import { readableSpaces } from "./readable-spaces";
import { loadRunViewer, seesRun, type RunViewer } from "../runs/redact-run";
import { WITHHELD } from "@/lib/runs/withheld";

const Input = z.object({ messageId: z.string().min(1).max(64) });

const messageSelect = {
  id: true,
  text: true,
  deletedAt: true,
  chainDepth: true,
  createdAt: true,
  runId: true,
  space: { select: { id: true, name: true } },
  sender: { select: { id: true, name: true, type: true } },
} as const;

type MessageRow = {
  id: string;
  text: string;
  deletedAt: Date | null;
  chainDepth: number;
  createdAt: Date;
  runId: string | null;
  space: { id: string; name: string };
  sender: { id: string; name: string; type: "human" | "agent" };
};

export async function getChain({ db }: Pick<Deps, "db">, actor: Actor, input: unknown): Promise<ChainDto> {
  const parsed = Input.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Bad message id");
  const { messageId } = parsed.data;
  const readable = readableSpaces(db, actor.entityId);
  const focus = await db.message.findUnique({ where: { id: messageId }, select: { id: true, spaceId: true, runId: true } });
  // Not there and not readable answer alike, so the id tells a non-member nothing.
  if (!focus || !(await readable.has(focus.spaceId))) throw new AppError("not_found", "Message not found");
  const rootId = await findChainRoot(db, focus, readable);
  const root = await db.message.findUniqueOrThrow({ where: { id: rootId }, select: messageSelect });

  // Admins see run errors, but only of runs whose spaces they are all in (redact-run.ts).
  const viewer = actor.isAdmin ? await loadRunViewer(db, actor) : null;
  const tree = new TreeBuilder(db, actor, readable, focus.id, viewer);
  const rootNode = tree.message(root);
  await tree.grow([rootNode]);
  return { root: rootNode, nodes: tree.nodes, truncated: tree.truncated };
}

class TreeBuilder {
  nodes = 0;
  truncated = false;
  private runKeys = new Map<string, string>();
  private readonly now = new Date();

  constructor(
    private db: Db,
    private actor: Actor,
    private readable: ReturnType<typeof readableSpaces>,
    private focusId: string,
    private viewer: RunViewer | null,
  ) {}

  message(m: MessageRow): ChainMessageNode {
    this.nodes++;
    const text = m.deletedAt ? "" : m.text.length > CHAIN_TEXT_CLIP ? `${m.text.slice(0, CHAIN_TEXT_CLIP - 1)}…` : m.text;
    return {
      id: m.id,
      space: m.space,
      sender: m.sender,
      text,
      deleted: m.deletedAt !== null,
      chainDepth: m.chainDepth,
      createdAt: m.createdAt.toISOString(),
      focus: m.id === this.focusId,
      decisions: [],
    };
  }

  /** Loads the decisions, runs and sent messages under `level`, then the next level, until the chain or the node budget ends. */
  async grow(level: ChainMessageNode[]): Promise<void> {
    while (level.length && !this.truncated) {
      const ids = level.map((m) => m.id);
      const rows = await this.db.triggerDecision.findMany({
        where: { messageId: { in: ids } },
        orderBy: { createdAt: "asc" },
        take: this.room() + 1,
        select: { id: true, messageId: true, agentId: true, decision: true, reason: true, runId: true },
      });
      if (rows.length > this.room()) this.truncated = true;
      const decisions = rows.slice(0, this.room());
      const runIds = [...new Set(decisions.flatMap((d) => (d.decision === "triggered" && d.runId ? [d.runId] : [])))];
      const [agents, runs, sent] = await Promise.all([
        this.db.agent.findMany({
          where: { id: { in: [...new Set(decisions.map((d) => d.agentId))] } },
          select: { id: true, entity: { select: { name: true } } },
        }),
        this.db.run.findMany({
          where: { id: { in: runIds } },
          select: {
            id: true,
            status: true,
            chainDepth: true,
            startedAt: true,
            endedAt: true,
            error: true,
            statusReason: true,
            reach: true,
            triggerSpaceId: true,
            agent: { select: { entity: { select: { name: true } } } },
          },
        }),
        this.db.message.findMany({ where: { runId: { in: runIds } }, orderBy: { createdAt: "asc" }, take: CHAIN_MAX_NODES, select: messageSelect }),
      ]);
      const agentNames = new Map(agents.map((a) => [a.id, a.entity.name]));
      const runRows = new Map(runs.map((r) => [r.id, r]));
      const byMessage = new Map(level.map((m) => [m.id, m]));
      const next: ChainMessageNode[] = [];
      for (const d of decisions) {
        if (this.room() <= 0) {
          this.truncated = true;
          break;
        }
        this.nodes++;
        const node: ChainDecisionNode = {
          id: d.id,
          agent: { id: d.agentId, name: agentNames.get(d.agentId) ?? "(deleted agent)" },
          decision: d.decision as TriggerDecisionKind,
          reason: this.reasonFor(d.reason),
          run: null,
          joinedRun: null,
        };
        const row = d.decision === "triggered" && d.runId ? runRows.get(d.runId) : undefined;
        if (row && !this.runKeys.has(row.id)) {
          node.run = await this.run(
            row,
            sent.filter((m) => m.runId === row.id),
            next,
          );
        } else if (d.runId) node.joinedRun = this.runKeys.get(d.runId) ?? null;
        byMessage.get(d.messageId)?.decisions.push(node);
      }
      level = next;
    }
  }

  private async run(row: RunRow, sent: MessageRow[], next: ChainMessageNode[]): Promise<ChainRunNode> {
    this.nodes++;
    const key = `r${this.runKeys.size + 1}`;
    this.runKeys.set(row.id, key);
    const admin = this.actor.isAdmin === true;
    const error = row.error ?? (row.status === "failed" || row.status === "canceled" ? row.statusReason : null);
    const node: ChainRunNode = {
      key,
      id: admin ? row.id : null,
      agentName: row.agent.entity.name,
      status: row.status as RunStatus,
      chainDepth: row.chainDepth,
      durationMs: row.startedAt ? (row.endedAt ?? this.now).getTime() - row.startedAt.getTime() : null,
      error: admin && error !== null ? (this.viewer && seesRun(this.viewer, row) ? error : WITHHELD) : null,
      messages: [],
      hiddenMessages: 0,
    };
    for (const m of sent) {
      // Only admins learn that a run posted where the viewer cannot read.
      if (!(await this.readable.has(m.space.id))) node.hiddenMessages += admin ? 1 : 0;
      else if (this.room() <= 0) this.truncated = true;
      else {
        const child = this.message(m);
        node.messages.push(child);
        next.push(child);
      }
    }
    return node;
  }

  private room(): number {
    return Math.max(0, CHAIN_MAX_NODES - this.nodes);
  }

  private reasonFor(reason: string): string {
    return this.actor.isAdmin ? reason : reasonForMember(reason);
  }
}

type RunRow = {
  id: string;
  status: string;
  chainDepth: number;
  startedAt: Date | null;
  endedAt: Date | null;
  error: string | null;
  statusReason: string | null;
  reach: string[];
  triggerSpaceId: string | null;
  agent: { entity: { name: string } };
};
