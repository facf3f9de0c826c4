// GET /api/spaces/:id/failure-notes → 200 { notes: FailureNoteDto[] }: the caller's own notes in
// a space they are a member of (an agent couldn't answer one of their messages), newest first,
// at most MAX_FAILURE_NOTES; 404 for a space they are not in. Spends failureNoteReadsPerUser.
import type { FailureNoteDto } from "@/lib/agents/failure-notes";
import { listFailureNotes } from "../domain/runs/failure-notes";
import { actorOf, authed } from "./endpoint";
import { json } from "./respond";

export const listFailureNotesHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => json({ notes: (await listFailureNotes(deps, actorOf(caller), { spaceId: id })) satisfies FailureNoteDto[] }),
  { limit: "failureNoteReadsPerUser" },
);
