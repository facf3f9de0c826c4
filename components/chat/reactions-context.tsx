"use client";
// What a message's reaction controls need from the open space: who I am, members' names for
// "who reacted", and a way to add or take back my reaction. Given once around the timeline,
// so message items stay unchanged apart from the controls themselves.
import { createContext, useContext, useMemo } from "react";
import type { SpaceDto } from "@/lib/realtime/dto";

export interface ReactionsScope {
  meId: string;
  nameOf(entityId: string): string;
  react(spaceId: string, messageId: string, emoji: string, add: boolean): Promise<void>;
}

const Context = createContext<ReactionsScope | null>(null);

export function ReactionsProvider({
  meId,
  space,
  react,
  children,
}: {
  meId: string;
  space: SpaceDto;
  react: ReactionsScope["react"];
  children: React.ReactNode;
}) {
  const value = useMemo(() => {
    const names = new Map(space.members.map((m) => [m.id, m.name]));
    // Someone who reacted and then left the space is no longer among its members.
    return { meId, react, nameOf: (id: string) => (id === meId ? "You" : (names.get(id) ?? "A former member")) };
  }, [meId, space.members, react]);
  return <Context value={value}>{children}</Context>;
}

/** Null outside a space (the controls then render nothing). */
export const useReactions = () => useContext(Context);
