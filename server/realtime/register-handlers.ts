// Client events → domain calls. Each line: event name, payload schema, the domain call.
import * as ev from "@/lib/realtime/events";
import type { Deps } from "../domain/deps";
import { sendMessage } from "../domain/messages/send-message";
import { listMessagesBefore } from "../domain/messages/list-messages-before";
import { listMessagesAfter } from "../domain/messages/list-messages-after";
import { markRead } from "../domain/messages/mark-read";
import { listSpaces } from "../domain/spaces/list-spaces";
import { getSpace } from "../domain/spaces/get-space";
import { createChannel } from "../domain/spaces/create-channel";
import { openDirectSpace } from "../domain/spaces/open-direct-space";
import { addMembers } from "../domain/spaces/add-members";
import { removeMember } from "../domain/spaces/remove-member";
import { leaveSpace } from "../domain/spaces/leave-space";
import { renameSpace } from "../domain/spaces/rename-space";
import { requireMembership, requireReadableMembership } from "../domain/spaces/require-membership";
import { registerChannelHandlers } from "./handlers/channels";
import { listEntities } from "../domain/entities/list-entities";
import { registerSearchHandlers } from "./handlers/search";
import type { RateLimitName } from "@/lib/limits";
import { spendMessageBudget } from "../limits/message-budget";
import { handle } from "./ack";
import { type SocketQueue, socketQueue } from "./socket-queue";
import { log } from "../log";
import type { ParleySocket, TypingTracker } from "./typing-tracker";
import { z } from "zod";
import { registerMessageChangeHandlers } from "./handlers/message-changes";
import { registerThreadHandlers } from "./handlers/threads";
import { registerReactionHandlers } from "./handlers/reactions";
import { registerSteeringHandlers } from "./handlers/steering";
import { registerMentionHandlers } from "./handlers/mentions";

const empty = z.object({}).passthrough();

/** Registers one client event: its name, payload schema and domain call (handler modules take it). */
export type On = <S extends z.ZodType>(event: keyof ev.ClientToServerEvents, schema: S, run: (input: z.output<S>) => Promise<unknown>) => void;

/** Returns the socket's event queue, so the server can wait for its events in flight. */
export function registerHandlers(socket: ParleySocket, deps: Deps, typing: TypingTracker): SocketQueue {
  const { db } = deps;
  const actor = socket.data;
  const ctx = () => ({ entityId: actor.entityId, socket: socket.id });
  const queue = socketQueue(() => {
    log.warn({ ...ctx(), pending: queue.pending }, "socket disconnected: too many events left unanswered");
    socket.disconnect(true);
  });
  // One line per event: its name (said once), its payload schema, the domain call. `handle`
  // parses and acks; the socket's queue runs events one at a time and sees each ack sent.
  const handled = new Set<string>();
  const on = <S extends z.ZodType>(event: keyof ev.ClientToServerEvents, schema: S, run: (input: z.output<S>) => Promise<unknown>) => {
    const handler = handle(event, schema, run, ctx);
    handled.add(event);
    socket.on(event, ((...args: unknown[]) => queue.push(() => handler(...args))) as never);
  };
  // An event no handler knows (a typo, a client of another version) that asks for an ack gets
  // an error ack at once, instead of leaving the client waiting for its timeout.
  socket.onAny((event: unknown, ...args: unknown[]) => {
    const ack = args.at(-1);
    if (typeof event === "string" && handled.has(event)) return;
    if (typeof ack === "function") ack({ ok: false, error: { code: "bad_request", message: "Unknown event" } } satisfies ev.Ack<never>);
  });
  // Spent before any database work; past a limit the event gets a rate_limited ack and nothing happens.
  const limit = async (name: RateLimitName, key: string) => deps.limits?.consume(name, key);

  on("message:send", ev.sendMessageInput, async (input) => {
    await spendMessageBudget(deps, actor, input.clientMessageId);
    typing.stop(socket, input.spaceId);
    const { message } = await sendMessage(deps, actor, input);
    return { message };
  });

  on("messages:history", ev.historyInput, (input) => listMessagesBefore(deps, actor, input));
  on("messages:since", ev.sinceInput, (input) => listMessagesAfter(deps, actor, input));
  on("read:mark", ev.markReadInput, (input) => markRead(deps, actor, input));

  on("typing:set", ev.typingInput, async (input) => {
    await limit("typingPerSocket", socket.id);
    await requireMembership(db, input.spaceId, actor.entityId);
    if (input.typing) typing.start(socket, input.spaceId);
    else typing.stop(socket, input.spaceId);
    return null;
  });

  on("spaces:list", empty, async () => ({ spaces: await listSpaces(deps, actor) }));

  // Joining the room is how a client starts receiving a space's events; members only.
  on("space:join", ev.spaceIdInput, async ({ spaceId }) => {
    await limit("joinsPerUser", actor.entityId);
    const space = await getSpace(deps, actor, { spaceId });
    const room = ev.rooms.space(spaceId);
    await socket.join(room);
    // A removal that ran between getSpace and the join found this socket not yet in the
    // room, so its leaveSpace missed it: check again now that the socket is in.
    try {
      // An archived channel stays readable to its members.
      await requireReadableMembership(db, spaceId, actor.entityId);
    } catch (e) {
      await socket.leave(room);
      throw e;
    }
    return { space };
  });

  on("space:create", ev.createChannelInput, async (input) => {
    await limit("channelsPerUser", actor.entityId);
    // Creating a channel with people in it adds members to one channel.
    if (input.memberIds.some((id) => id !== actor.entityId)) await limit("memberAddsPerUser", actor.entityId);
    return { space: await createChannel(deps, actor, input) };
  });
  on("space:direct", ev.openDirectInput, async ({ entityId }) => {
    await limit("channelsPerUser", actor.entityId);
    return { space: await openDirectSpace(deps, actor, { entityId }) };
  });
  // The limit counts channels added to, not people: adding 30 people to one channel is one.
  on("space:addMembers", ev.addMembersInput, async ({ spaceId, entityIds }) => {
    await limit("memberAddsPerUser", actor.entityId);
    return { space: await addMembers(deps, actor, { spaceId, entityIds }) };
  });
  on("space:removeMember", ev.removeMemberInput, async ({ spaceId, entityId }) => {
    await removeMember(deps, actor, { spaceId, entityId });
    return { space: await getSpace(deps, actor, { spaceId }) };
  });
  on("space:leave", ev.spaceIdInput, async ({ spaceId }) => {
    await leaveSpace(deps, actor, { spaceId });
    return null;
  });
  on("space:rename", ev.renameSpaceInput, async (input) => ({ space: await renameSpace(deps, actor, input) }));
  on("entities:list", empty, async () => ({ entities: await listEntities(deps, actor) }));
  registerMessageChangeHandlers(on, deps, actor);
  registerChannelHandlers(on, deps, actor);
  registerThreadHandlers(on, deps, actor, limit);
  registerReactionHandlers(on, deps, actor);
  registerSteeringHandlers(on, deps, actor, limit);
  registerMentionHandlers(on, limit, deps, actor);
  registerSearchHandlers({ on, limit, deps, actor });
  return queue;
}
