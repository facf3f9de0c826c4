// While the presence store does not answer (Redis away), people can still connect: the
// online list falls back to themselves, and their counts are settled when it answers again.
import { expect, it } from "vitest";
import { nullSink } from "@/server/domain/deps";
import { Presence } from "../presence/presence";
import type { PresenceStore } from "../presence/presence-store";

it("a store that does not answer gives the new connection a list of itself, and the connection still counts", async () => {
  const down = () => Promise.reject(new Error("redis down"));
  const counted: string[] = [];
  const store: PresenceStore = {
    connect: async (id) => {
      counted.push(`+${id}`);
      throw new Error("redis down");
    },
    disconnect: async (id) => {
      counted.push(`-${id}`);
      return true;
    },
    onlineAmong: down,
    online: down,
    onExpired: () => {},
    close: async () => {},
  };
  const presence = new Presence(store, nullSink);
  await presence.opened("socket-1", "ada");
  expect(await presence.online("ada")).toEqual(["ada"]);
  presence.closed("socket-1", "ada");
  await presence.close();
  // The disconnect is still counted against the connect the store will write back.
  expect(counted).toEqual(["+ada", "-ada"]);
});
