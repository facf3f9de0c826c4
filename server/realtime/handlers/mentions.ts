// Socket events of mentions and notification settings: the Mentions view's pages and a
// space's notify level. Registered by register-handlers.ts with its `on` and `limit`.
import * as ev from "@/lib/realtime/events";
import type { RateLimitName } from "@/lib/limits";
import type { z } from "zod";
import type { Actor, Deps } from "../../domain/deps";
import { listMentions } from "../../domain/mentions/list-mentions";
import { setNotifyLevel } from "../../domain/mentions/set-notify-level";

type On = <S extends z.ZodType>(event: keyof ev.ClientToServerEvents, schema: S, run: (input: z.output<S>) => Promise<unknown>) => void;
type Limit = (name: RateLimitName, key: string) => Promise<void>;

export function registerMentionHandlers(on: On, limit: Limit, deps: Deps, actor: Actor): void {
  on("mentions:list", ev.mentionsListInput, async (input) => {
    await limit("mentionReadsPerUser", actor.entityId);
    return listMentions(deps, actor, input);
  });
  on("space:notify", ev.notifyLevelInput, async (input) => {
    await limit("notifySettingsPerUser", actor.entityId);
    return setNotifyLevel(deps, actor, input);
  });
}
