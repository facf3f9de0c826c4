import { describe, expect, it } from "vitest";
import type { EntityDto, SpaceDto } from "@/lib/realtime/dto";
import { switcherItems } from "./quick-switcher";

const entity = (id: string, name: string, type: EntityDto["type"] = "human"): EntityDto => ({ id, name, type, avatarColor: null });
const space = (id: string, name: string, kind: SpaceDto["kind"], memberIds: string[] = []) =>
  ({ id, name, kind, members: memberIds.map((m) => ({ id: m })) }) as unknown as SpaceDto;

const spaces = [space("s1", "general", "channel"), space("s2", "design", "channel"), space("d1", "Ben", "direct", ["me", "ben"])];
const entities = [entity("me", "Ada"), entity("ben", "Ben"), entity("cy", "Cyrus"), entity("scout", "Scout", "agent")];

describe("the Ctrl-K switcher's list", () => {
  it("lists my spaces, then people and agents I have no direct conversation with (never me)", () => {
    expect(switcherItems(spaces, entities, "me", "").map((i) => `${i.label}:${i.hint}`)).toEqual([
      "#general:Channel",
      "#design:Channel",
      "Ben:Direct message",
      "Cyrus:Person",
      "Scout:Agent",
    ]);
  });
  it("filters by name, case-insensitively, names starting with the query first", () => {
    expect(switcherItems(spaces, entities, "me", "G").map((i) => i.label)).toEqual(["#general", "#design"]);
    expect(switcherItems(spaces, entities, "me", "sco").map((i) => ("entityId" in i ? i.entityId : i.spaceId))).toEqual(["scout"]);
    expect(switcherItems(spaces, entities, "me", "zzz")).toEqual([]);
  });
});
