// The run inspector's API shapes (server/http/runs.ts), shared by the server that builds them
// and the admin pages that read them.
import type { MessageDto, RunDto } from "@/lib/realtime/dto";
import type { RunEventDto } from "./run-events";

/** GET /api/runs */
export interface RunListDto {
  runs: RunDto[];
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
}

/** POST /api/runs/:id/cancel */
export interface CanceledRunDto {
  run: RunDto;
}
