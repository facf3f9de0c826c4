// `npm run agent-key -- <agent name>`: rotates that agent's service key (revoking the old
// one) and prints the new key and the agent id, for POST /api/agents/:id/trigger.
// Admins can also rotate from the API: POST /api/agents/:id/keys.
import { rotateServiceKey } from "../server/agents/services/service-keys";
import { fail, openCliDatabase } from "./cli-database";

async function main() {
  const name = process.argv.slice(2).join(" ").trim();
  if (!name) fail("agent-key", "usage: npm run agent-key -- <agent name>", 2);
  const database = await openCliDatabase("agent-key");
  try {
    const agent = await database.db.agent.findFirst({ where: { entity: { name: { equals: name, mode: "insensitive" } } } });
    if (!agent) {
      process.exitCode = 1;
      process.stderr.write(`agent-key: no agent named ${name}\n`);
      return;
    }
    const { key } = await rotateServiceKey(database.db, agent.id);
    // A service names the space to report into (payload.spaceId): #general's id, for the README's example.
    const general = await database.db.space.findFirst({
      where: { name: "general", kind: "channel", memberships: { some: { entityId: agent.entityId } } },
      select: { id: true },
    });
    process.stdout.write(`AGENT_ID=${agent.id}\nSECRET_KEY=${key}\n${general ? `GENERAL_ID=${general.id}\n` : ""}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => fail("agent-key", (err as Error).stack ?? String(err)));
