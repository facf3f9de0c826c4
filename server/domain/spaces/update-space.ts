// Changing a channel's settings: name, topic, description, visibility, archived. The channel's
// owner/admin, or a workspace admin who is a member (as for renaming). Each change is a line in
// the channel in the actor's name ("Ada set the topic: …"), so members see who changed what.
//
// Archived is read-only: nothing but unarchiving is accepted while it is archived. Archiving
// posts its line first (lines go only into live channels); unarchiving posts after. An archived
// channel's name may have been taken by a new channel meanwhile: unarchiving is then refused
// with the same conflict as a taken name, until one of them is renamed.
import type { SpaceDto, SpaceVisibility } from "@/lib/realtime/dto";
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { entitySelect } from "../dto";
import { AppError } from "../errors";
import { assertChannelNameFree, normaliseChannelName, storingChannelName } from "./channel-name";
import { getSpace } from "./get-space";
import { canManageSpace, requireReadableMembership } from "./require-membership";
import { postSystemLine } from "./system-line";

export interface UpdateSpaceInput {
  spaceId: string;
  name?: string;
  topic?: string;
  description?: string;
  visibility?: SpaceVisibility;
  archived?: boolean;
}

export async function updateSpace({ db, events }: Deps, actor: Actor, input: UpdateSpaceInput): Promise<SpaceDto> {
  const { spaceId } = input;
  const me = await requireReadableMembership(db, spaceId, actor.entityId);
  const space = me.space;
  if (space.kind !== "channel") throw new AppError("bad_request", "Only channels have these settings");
  if (!canManageSpace(me.role, actor.isAdmin)) throw new AppError("forbidden", "Only the channel's owner or an admin can change its settings");
  const wasArchived = space.archivedAt !== null;
  const edits = input.name !== undefined || input.topic !== undefined || input.description !== undefined || input.visibility !== undefined;
  if (wasArchived && input.archived !== false && edits) throw new AppError("archived", "This channel is archived: unarchive it to change it");

  const by = await db.entity.findUniqueOrThrow({ where: { id: actor.entityId }, select: entitySelect });
  const line = (text: string) => postSystemLine({ db, events }, by, spaceId, text);

  if (wasArchived && input.archived === false) {
    await assertChannelNameFree(db, space.name, spaceId);
    await storingChannelName(space.name, () => db.space.update({ where: { id: spaceId }, data: { archivedAt: null } }));
    await line(`${by.name} unarchived the channel`);
  }

  const data: { name?: string; topic?: string; description?: string; visibility?: SpaceVisibility } = {};
  const lines: string[] = [];
  if (input.name !== undefined) {
    const name = normaliseChannelName(input.name);
    if (name !== space.name) {
      await assertChannelNameFree(db, name, spaceId);
      data.name = name;
      lines.push(`${by.name} renamed the channel to #${name}`);
    }
  }
  if (input.topic !== undefined && input.topic.trim() !== space.topic) {
    data.topic = input.topic.trim();
    lines.push(data.topic ? `${by.name} set the topic: ${data.topic}` : `${by.name} cleared the topic`);
  }
  if (input.description !== undefined && input.description.trim() !== space.description) {
    data.description = input.description.trim();
    lines.push(data.description ? `${by.name} set the description: ${data.description}` : `${by.name} cleared the description`);
  }
  if (input.visibility !== undefined && input.visibility !== space.visibility) {
    data.visibility = input.visibility;
    lines.push(
      input.visibility === "public"
        ? `${by.name} made the channel public: anyone in the workspace can find and join it`
        : `${by.name} made the channel private: only members can find it`,
    );
  }
  if (Object.keys(data).length > 0) {
    await storingChannelName(data.name ?? space.name, () => db.space.update({ where: { id: spaceId }, data }));
    for (const text of lines) await line(text);
  }

  if (!wasArchived && input.archived === true) {
    await line(`${by.name} archived the channel`);
    await db.space.update({ where: { id: spaceId }, data: { archivedAt: new Date() } });
  }

  events.publish(rooms.space(spaceId), "space:updated", { spaceId });
  return getSpace({ db }, actor, { spaceId });
}
