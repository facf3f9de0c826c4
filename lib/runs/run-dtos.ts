// The run inspector's API shapes (server/http/runs.ts), shared by the server that builds them
// and the admin pages that read them.
import type { MessageDto, RunDto } from "@/lib/realtime/dto";
import type { RunEventDto } from "./run-events";

/** A run in the admin run list: the run, and what set it off in a few words. */
export interface RunListItemDto extends RunDto {
  /** The trigger message's first characters, the plan's name or the service's name. */
  triggerExcerpt: string | null;
  /** The trigger space as the viewer knows it: a channel's name, or a direct space's other members. */
  triggerSpaceName: string | null;
  /** Whether that name is a channel's (shown with "#") or people's. */
  triggerSpaceKind: "channel" | "direct" | null;
}

/** GET /api/runs: newest first; `nextBefore` is the cursor of the next page (null on the last). */
export interface RunListDto {
  runs: RunListItemDto[];
  nextBefore: string | null;
}

/** A run as a link: who ran it and how it went. */
export interface RunRefDto {
  id: string;
  agentName: string;
  status: RunDto["status"];
  queuedAt: string;
}

/** Where a run sits in its chain, for its page. */
export interface RunPlaceDto {
  /** The message that triggered the run, and the run that posted it (null: a person's message). */
  parent: { messageId: string; senderName: string; spaceId: string; run: RunRefDto | null } | null;
  /** Runs the run's own messages triggered (at most MAX_CHILD_RUNS_SHOWN), and how many more there are. */
  children: RunRefDto[];
  moreChildren: number;
  /** The message whose chain tree "View chain" opens: the trigger, or the run's first message. */
  chainMessageId: string | null;
  /** The failed run this one retries, and the run that retried this one. */
  retryOf: RunRefDto | null;
  retriedBy: RunRefDto | null;
}

/** What started the run: a message, a plan or a service call. */
export interface RunTriggerDto {
  message: MessageDto | null;
  space: { id: string; name: string } | null;
  plan: { id: string; name: string; instruction: string } | null;
  serviceName: string | null;
  /** The service's JSON payload, as it sent it. */
  payload: unknown;
}

/** GET /api/runs/:id */
export interface RunDetailDto {
  run: RunDto;
  /** The context the model was last given; null until it is built. */
  context: string | null;
  trigger: RunTriggerDto;
  messages: MessageDto[];
  events: RunEventDto[];
  place: RunPlaceDto;
}

/** POST /api/runs/:id/retry */
export interface RetriedRunDto {
  run: RunDto;
}

/** POST /api/runs/:id/retry by the person whose message the run failed (not an admin). */
export interface MemberRetriedRunDto {
  runId: string;
}

/** POST /api/runs/:id/cancel */
export interface CanceledRunDto {
  run: RunDto;
}

/** What the admin run list can be filtered by (the page loads it with the list). */
export interface RunFilterOptions {
  /** `id` filters the API; `entityId` is how a run pushed over the socket names its agent. */
  agents: { id: string; entityId: string; name: string }[];
  spaces: { id: string; name: string; kind: "channel" | "direct" }[];
}

/** GET /api/runs/:id/contexts/:n: the whole context of the run's n-th model call (1-based). */
export interface RunCallContextDto {
  call: number;
  /** The model calls the run has made so far. */
  calls: number;
  tokens: number;
  /** The exact text the model was given; the withheld note when it read a space the viewer is not in; null on rows from before texts were kept. */
  context: string | null;
}
