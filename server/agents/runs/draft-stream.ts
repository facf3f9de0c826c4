// send_message drafts shown in the space while the model writes them. The model streams each
// tool call's input as JSON; the text so far is published at most every DRAFT_EVERY_MS, and
// only into a space the run may reach.
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

export class DraftStream {
  /** The JSON input so far of each send_message call not yet executed. */
  private readonly inputs = new Map<string, string>();
  /**
   * Tool calls of this step that have not finished: one of them may change where a send_message
   * posts (enter_space), so no draft is streamed until they are done and the target is known.
   */
  private readonly unfinished = new Set<string>();
  private lastPublish = 0;

  constructor(
    private readonly ctx: Pick<GatewayCtx, "events">,
    private readonly scope: RunScope,
    private readonly sender: Sender,
  ) {}

  begin(toolCallId: string): void {
    this.inputs.set(toolCallId, "");
  }

  async append(toolCallId: string, delta: string): Promise<void> {
    if (!this.inputs.has(toolCallId)) return;
    this.inputs.set(toolCallId, this.inputs.get(toolCallId)! + delta);
    if (Date.now() - this.lastPublish > DRAFT_EVERY_MS) {
      this.lastPublish = Date.now();
      await this.publish(toolCallId);
    }
  }

  async end(toolCallId: string): Promise<void> {
    if (this.inputs.has(toolCallId)) await this.publish(toolCallId);
  }

  called(toolCallId: string): void {
    this.unfinished.add(toolCallId);
  }

  /** The call ran (or failed): its message, if any, is posted, so the draft is done. */
  settled(toolCallId: string): void {
    this.unfinished.delete(toolCallId);
    this.inputs.delete(toolCallId);
  }

  /** Inputs of send_message calls that never ran: part of a failed run's partial output. */
  unsent(): string[] {
    return [...this.inputs.values()];
  }

  private async publish(toolCallId: string): Promise<void> {
    if (this.unfinished.size > 0) return;
    await publishDraft(this.ctx, this.scope, this.sender, toolCallId, this.inputs.get(toolCallId)!);
  }
}

async function publishDraft(ctx: Pick<GatewayCtx, "events">, scope: RunScope, sender: Sender, toolCallId: string, json: string) {
  const spaceId = scope.state.activeSpaceId;
  // The active space was checked when it was set (trigger space, plan origin, enter_space); this
  // re-check keeps a draft from ever reaching a space outside the reach.
  if (!inReach(scope.run.reach, spaceId)) return;
  const { value } = await parsePartialJson(json);
  const text = value && typeof value === "object" && "text" in value && typeof value.text === "string" ? value.text : "";
  // send_message will refuse an over-long text, and a refused message streams nothing.
  if (!text || text.length > MAX_MESSAGE_LENGTH) return;
  ctx.events.publish(rooms.space(spaceId), "run:stream", {
    runId: scope.run.id,
    spaceId,
    agent: toEntityDto(sender),
    clientMessageId: streamKey(scope.run, toolCallId),
    text,
  });
}
