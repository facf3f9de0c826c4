// Channels over HTTP, the same verbs as the socket's events (server/realtime/handlers/channels.ts):
//   POST   /api/spaces { name, topic?, description?, visibility?, memberIds? } → 201 { space }
//   PATCH  /api/spaces/:id { name?, topic?, description?, visibility?, archived? } → { space }
//   POST   /api/spaces/:id/members { entityIds } → { space }
//   DELETE /api/spaces/:id/members/:entityId → 204
//   POST   /api/spaces/:id/join → { space }: join a public channel
//   GET    /api/channels?public=true&q= → { channels }: the channel browser's list
// Bodies are the socket's schemas (lib/realtime/events.ts); each handler spends its rate limit
// before any database work; who may do what is the domain's (server/domain/spaces/).
import { z } from "zod";
import { addMembersInput, browseChannelsInput, createChannelInput, updateSpaceFields } from "@/lib/realtime/events";
import { AppError } from "../domain/errors";
import { addMembers } from "../domain/spaces/add-members";
import { browseChannels } from "../domain/spaces/browse-channels";
import { createChannel } from "../domain/spaces/create-channel";
import { joinPublicChannel } from "../domain/spaces/join-public-channel";
import { removeMember } from "../domain/spaces/remove-member";
import { updateSpace } from "../domain/spaces/update-space";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { readQuery } from "./read-query";
import { json, noContent } from "./respond";

const id = z.string().min(1).max(64);

function pathId(value: string | undefined, what: string): string {
  const parsed = id.safeParse(value);
  if (!parsed.success) throw new AppError("bad_request", `Malformed ${what} id`);
  return parsed.data;
}

export const createChannelHandler = authed(
  async (req, deps, _params, caller) => {
    const input = await readJson(req, createChannelInput);
    // Creating a channel with people in it adds members to one channel, as on the socket.
    if (input.memberIds.length > 0) await deps.limits?.consume("memberAddsPerUser", caller.userId);
    return json({ space: await createChannel(deps, actorOf(caller), input) }, 201);
  },
  { limit: "channelsPerUser" },
);

export const updateSpaceHandler = authed<{ id: string }>(
  async (req, deps, params, caller) => {
    const spaceId = pathId(params.id, "space");
    const fields = await readJson(req, updateSpaceFields);
    return json({ space: await updateSpace(deps, actorOf(caller), { spaceId, ...fields }) });
  },
  { limit: "spaceUpdatesPerUser" },
);

const addBody = addMembersInput.pick({ entityIds: true }).strict();

export const addMembersHandler = authed<{ id: string }>(
  async (req, deps, params, caller) => {
    const spaceId = pathId(params.id, "space");
    const { entityIds } = await readJson(req, addBody);
    return json({ space: await addMembers(deps, actorOf(caller), { spaceId, entityIds }) });
  },
  { limit: "memberAddsPerUser" },
);

export const removeMemberHandler = authed<{ id: string; entityId: string }>(
  async (_req, deps, params, caller) => {
    const spaceId = pathId(params.id, "space");
    const entityId = pathId(params.entityId, "member");
    await removeMember(deps, actorOf(caller), { spaceId, entityId });
    return noContent();
  },
  { limit: "spaceUpdatesPerUser" },
);

export const joinPublicChannelHandler = authed<{ id: string }>(
  async (_req, deps, params, caller) => json({ space: await joinPublicChannel(deps, actorOf(caller), { spaceId: pathId(params.id, "space") }) }),
  { limit: "publicJoinsPerUser" },
);

const browseQuery = z.object({ public: z.enum(["true", "false"]).optional(), q: browseChannelsInput.shape.query }).strict();

export const browseChannelsHandler = authed(
  async (req, deps, _params, caller) => {
    const query = readQuery(req, browseQuery);
    return json({ channels: await browseChannels(deps, actorOf(caller), { query: query.q, publicOnly: query.public === "true" }) });
  },
  { limit: "channelBrowsesPerUser" },
);
