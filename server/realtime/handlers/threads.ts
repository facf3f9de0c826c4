// Socket events for threads. A reply itself is a message:send with threadRootId (the message
// handler); these read a thread, list followed threads and move a thread's read cursor.
import type { z } from "zod";
import * as ev from "@/lib/realtime/events";
import type { RateLimitName } from "@/lib/limits";
import type { Actor, Deps } from "../../domain/deps";
import { getThread } from "../../domain/threads/get-thread";
import { listThreads } from "../../domain/threads/list-threads";
import { markThreadRead } from "../../domain/threads/mark-thread-read";

type On = <S extends z.ZodType>(event: keyof ev.ClientToServerEvents, schema: S, run: (input: z.output<S>) => Promise<unknown>) => void;
type Limit = (name: RateLimitName, key: string) => Promise<unknown>;

export function registerThreadHandlers(on: On, deps: Deps, actor: Actor, limit: Limit): void {
  on("thread:get", ev.threadGetInput, async (input) => {
    await limit("threadReadsPerUser", actor.entityId);
    return getThread(deps, actor, input);
  });
  on("threads:list", ev.threadsListInput, async (input) => {
    await limit("threadReadsPerUser", actor.entityId);
    return listThreads(deps, actor, input);
  });
  on("thread:read", ev.threadReadInput, async (input) => {
    await limit("threadMarksPerUser", actor.entityId);
    return markThreadRead(deps, actor, input);
  });
}
