// Socket events of findable channels: the channel browser, joining a public channel, a
// channel's settings (topic, description, visibility), archiving, and group direct messages. Each spends its rate
// limit before any database work; the domain verbs decide who may.
import * as ev from "@/lib/realtime/events";
import type { RateLimitName } from "@/lib/limits";
import type { z } from "zod";
import type { Actor, Deps } from "../../domain/deps";
import { browseChannels } from "../../domain/spaces/browse-channels";
import { joinPublicChannel } from "../../domain/spaces/join-public-channel";
import { updateSpace } from "../../domain/spaces/update-space";
import { openGroupDirect } from "../../domain/spaces/open-group-direct";

type On = <S extends z.ZodType>(event: keyof ev.ClientToServerEvents, schema: S, run: (input: z.output<S>) => Promise<unknown>) => void;

export function registerChannelHandlers(on: On, deps: Deps, actor: Actor): void {
  const limit = async (name: RateLimitName) => deps.limits?.consume(name, actor.entityId);
  on("channels:browse", ev.browseChannelsInput, async (input) => {
    await limit("channelBrowsesPerUser");
    return { channels: await browseChannels(deps, actor, input) };
  });
  on("space:joinPublic", ev.spaceIdInput, async ({ spaceId }) => {
    await limit("publicJoinsPerUser");
    return { space: await joinPublicChannel(deps, actor, { spaceId }) };
  });
  on("space:update", ev.updateSpaceInput, async (input) => {
    await limit("spaceUpdatesPerUser");
    return { space: await updateSpace(deps, actor, input) };
  });
  on("space:group", ev.openGroupInput, async ({ entityIds }) => {
    // A new conversation, as a direct space or a channel is.
    await limit("channelsPerUser");
    return { space: await openGroupDirect(deps, actor, { entityIds }) };
  });
  on("space:archive", ev.archiveSpaceInput, async ({ spaceId, archived }) => {
    await limit("spaceUpdatesPerUser");
    return { space: await updateSpace(deps, actor, { spaceId, archived }) };
  });
}
