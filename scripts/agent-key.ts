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
    process.stdout.write(`AGENT_ID=${agent.id}\nSECRET_KEY=${key}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err) => fail("agent-key", (err as Error).stack ?? String(err)));
