// send_message drafts shown in the space while the model writes them. The model streams each
// tool call's input as JSON; the text so far is published at most every DRAFT_EVERY_MS, and
// only what send_message would post: into a space the run may reach and the agent is in, as a
// reply only to a message of that space, and never past the message length limit. A call that
// ends refused (or goes over the limit, which send_message will refuse) has its draft withdrawn
// (run:draft_withdrawn), so a refused message leaves nothing on anyone's screen.
import { parsePartialJson } from "ai";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";
import { rooms } from "@/lib/realtime/events";
import { toEntityDto } from "../../domain/dto";
import type { GatewayCtx } from "../gateway-context";
import { inReach } from "../reach/reach";
import { streamKey } from "../tools/stream-key";
import type { RunScope } from "../tools/run-scope";

const DRAFT_EVERY_MS = 40;

type Sender = { id: string; name: string; type: "human" | "agent"; avatarColor: string | null };

interface Draft {
  /** The call's JSON input so far. */
  json: string;
  /** The space a draft of it was shown in, to withdraw it from. */
  shownIn: string | null;
  /** Refused or withdrawn: nothing more of it is published. */
  dead: boolean;
  /** Checks already passed for this call (space membership, reply target), so each costs one query. */
  checked: Set<string>;
}

/** A reply target's id, once the model has written all of it (a closed JSON string). */
const COMPLETE_REPLY_ID = /"messageId"\s*:\s*"((?:[^"\\]|\\.)*)"/;

export class DraftStream {
  private readonly drafts = new Map<string, Draft>();
  /**
   * Tool calls of this step that have not finished: one of them may change where a send_message
   * posts (enter_space), so no draft is streamed until they are done and the target is known.
   */
  private readonly unfinished = new Set<string>();
  private lastPublish = 0;

  constructor(
    private readonly ctx: Pick<GatewayCtx, "events" | "db">,
    private readonly scope: RunScope,
    private readonly sender: Sender,
  ) {}

  begin(toolCallId: string): void {
    this.drafts.set(toolCallId, { json: "", shownIn: null, dead: false, checked: new Set() });
  }

  async append(toolCallId: string, delta: string): Promise<void> {
    const draft = this.drafts.get(toolCallId);
    if (!draft) return;
    draft.json += delta;
    const at = Date.now();
    if (at - this.lastPublish > DRAFT_EVERY_MS) {
      this.lastPublish = at;
      // Nothing shown yet (the first pieces are `{"text` with no words in them): the throttle
      // waits for the first publish that carries text, so the first words go out as they arrive.
      if (!(await this.publish(toolCallId, draft)) && this.lastPublish === at) this.lastPublish = 0;
    }
  }

  async end(toolCallId: string): Promise<void> {
    const draft = this.drafts.get(toolCallId);
    if (draft) await this.publish(toolCallId, draft);
  }

  called(toolCallId: string): void {
    this.unfinished.add(toolCallId);
  }

  /** The call ran: its message, if any, is posted (and replaces the draft), so the draft is done. */
  settled(toolCallId: string): void {
    this.unfinished.delete(toolCallId);
    this.drafts.delete(toolCallId);
  }

  /** The call was refused (a tool error, or input the tool never accepted): its draft is taken back. */
  refused(toolCallId: string): void {
    const draft = this.drafts.get(toolCallId);
    if (draft) this.withdraw(toolCallId, draft);
    this.settled(toolCallId);
  }

  /** Inputs of send_message calls that never ran: part of a failed run's partial output. */
  unsent(): string[] {
    return [...this.drafts.values()].map((d) => d.json);
  }

  /** Shows the draft's text so far; false when nothing was shown. */
  private async publish(toolCallId: string, draft: Draft): Promise<boolean> {
    if (this.unfinished.size > 0 || draft.dead) return false;
    const spaceId = this.scope.state.activeSpaceId;
    // The active space was checked when it was set (trigger space, plan origin, enter_space); this
    // re-check keeps a draft from ever reaching a space outside the reach.
    if (!inReach(this.scope.run.reach, spaceId)) return false;
    const { value } = await parsePartialJson(draft.json);
    const input = (value && typeof value === "object" ? value : {}) as { text?: unknown; messageId?: unknown };
    const text = typeof input.text === "string" ? input.text : "";
    // send_message will refuse an over-long text: what was shown goes, and nothing past the limit is ever sent.
    if (text.length > MAX_MESSAGE_LENGTH) return this.withdraw(toolCallId, draft);
    // A reply target still being written is not known yet; wait for all of it before showing anything.
    const replyTo = input.messageId === undefined ? null : (COMPLETE_REPLY_ID.exec(draft.json)?.[1] ?? "");
    if (replyTo === "") return false;
    if (!text.trim()) return false;
    if (!(await this.allowed(spaceId, replyTo, draft))) return this.withdraw(toolCallId, draft);
    if (draft.dead) return false; // refused while the checks ran
    draft.shownIn = spaceId;
    this.ctx.events.publish(rooms.space(spaceId), "run:stream", {
      runId: this.scope.run.id,
      spaceId,
      agent: toEntityDto(this.sender),
      clientMessageId: streamKey(this.scope.run, toolCallId),
      text,
    });
    return true;
  }

  /** What send_message will check before posting: the agent is in the space, and a reply's message is in it. */
  private async allowed(spaceId: string, replyTo: string | null, draft: Draft): Promise<boolean> {
    const { db } = this.ctx;
    const member = `member:${spaceId}`;
    if (!draft.checked.has(member)) {
      const found = await db.membership.findUnique({
        where: { spaceId_entityId: { spaceId, entityId: this.scope.agent.entityId } },
        select: { spaceId: true },
      });
      if (!found) return false;
      draft.checked.add(member);
    }
    if (replyTo === null) return true;
    const reply = `reply:${spaceId}:${replyTo}`;
    if (!draft.checked.has(reply)) {
      const parent = await db.message.findUnique({ where: { id: replyTo.replace(/^msg:/, "") }, select: { spaceId: true } });
      if (parent?.spaceId !== spaceId) return false;
      draft.checked.add(reply);
    }
    return true;
  }

  private withdraw(toolCallId: string, draft: Draft): false {
    draft.dead = true;
    if (!draft.shownIn) return false;
    this.ctx.events.publish(rooms.space(draft.shownIn), "run:draft_withdrawn", {
      runId: this.scope.run.id,
      spaceId: draft.shownIn,
      clientMessageId: streamKey(this.scope.run, toolCallId),
    });
    draft.shownIn = null;
    return false;
  }
}
