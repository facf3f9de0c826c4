// Threads over HTTP (session or Bearer token), each read at the threadReadsPerUser rate:
//   GET /api/messages/:id/thread?afterSeq=&beforeSeq=&limit=  → { root, replies, hasMore }
//   GET /api/threads?before=<ISO>                             → { threads, nextBefore, unreadThreads }
//   POST /api/threads/:id/read { seq }                        → { rootId, lastReadSeq } (threadMarksPerUser)
// A reply is POST /api/spaces/:id/messages with threadRootId (send-message.ts).
import { z } from "zod";
import { threadReadInput, threadsListInput } from "@/lib/realtime/events";
import { MAX_THREAD_PAGE } from "@/lib/limits";
import { getThread } from "../domain/threads/get-thread";
import { listThreads } from "../domain/threads/list-threads";
import { markThreadRead } from "../domain/threads/mark-thread-read";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { readQuery } from "./read-query";
import { json } from "./respond";

/** seq is a 32-bit int column. */
const seq = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const threadQuery = z
  .object({ afterSeq: seq.optional(), beforeSeq: seq.min(1).optional(), limit: z.coerce.number().int().min(1).max(MAX_THREAD_PAGE).optional() })
  .refine((q) => q.afterSeq === undefined || q.beforeSeq === undefined, "give afterSeq or beforeSeq, not both");

export const getThreadHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => json(await getThread(deps, actorOf(caller), { rootId: id, ...readQuery(req, threadQuery) })),
  { limit: "threadReadsPerUser" },
);

export const listThreadsHandler = authed(
  async (req, deps, _params, caller) => json(await listThreads(deps, actorOf(caller), readQuery(req, threadsListInput))),
  {
    limit: "threadReadsPerUser",
  },
);

const readBody = threadReadInput.omit({ rootId: true });

export const markThreadReadHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => json(await markThreadRead(deps, actorOf(caller), { rootId: id, ...(await readJson(req, readBody)) })),
  { limit: "threadMarksPerUser" },
);
