// People in one channel, each with a client on one of the stack's nodes (round robin).
import { seedSpaceWithPeople } from "../seed-people";
import { ChatClient, openClients } from "./chat-client";
import type { Stack } from "./stack";

export interface Crowd {
  spaceId: string;
  clients: ChatClient[];
}

/** `count` people (named p0…), client i on node `nodeOf(i)` (default i mod the node count). */
export async function crowd(stack: Stack, count: number, nodeOf?: (i: number) => number, socketsPerPerson = 1): Promise<Crowd> {
  const names = Array.from({ length: count }, (_, i) => `p${i}`);
  const { spaceId, people } = await seedSpaceWithPeople(stack.db, { tag: stack.id, names, secret: stack.secret, spaceName: "faults" });
  const pick = nodeOf ?? ((i: number) => i % stack.nodes.length);
  const clients = await openClients(count * socketsPerPerson, 50, (i) => {
    const person = people[i % count]!;
    const node = stack.nodes[pick(i)]!;
    const name = socketsPerPerson > 1 ? `${person.name}.${Math.floor(i / count)}` : person.name;
    return new ChatClient(name, node.name, node.process.url, person.cookie, spaceId);
  });
  return { spaceId, clients };
}

export function closeAll(clients: ChatClient[]): void {
  for (const c of clients) c.close();
}
