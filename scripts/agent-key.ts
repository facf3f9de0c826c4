// `npm run agent-key -- <agent name> --spaces <space>[,<space>…]`: rotates that agent's service
// key (revoking the old one) for the listed spaces (channel names, without #, or space ids; each
// one the agent is in) and prints the new key and the agent id, for POST /api/agents/:id/trigger.
// The list is required: a key reaching all the agent's spaces let a webhook payload steer the
// agent into any of them. Admins can also rotate from the Services page or POST /api/agents/:id/keys.
import { isAppError } from "../server/domain/errors";
import { rotateServiceKey } from "../server/agents/services/service-keys";
import { fail, openCliDatabase } from "./cli-database";

const USAGE = "usage: npm run agent-key -- <agent name> --spaces <space>[,<space>…]";

function parseArgs(argv: string[]): { name: string; spaces: string[] } {
  const at = argv.indexOf("--spaces");
  const spaces =
    at === -1
      ? []
      : (argv[at + 1] ?? "")
          .split(",")
          .map((s) => s.trim().replace(/^#/, ""))
          .filter(Boolean);
  const name = (at === -1 ? argv : argv.slice(0, at)).join(" ").trim();
  return { name, spaces };
}

async function main() {
  const { name, spaces } = parseArgs(process.argv.slice(2));
  if (!name) fail("agent-key", USAGE, 2);
  if (!spaces.length) fail("agent-key", `list the spaces the key's runs may reach: ${USAGE}`, 2);
  const database = await openCliDatabase("agent-key");
  try {
    const { db } = database;
    const agent = await db.agent.findFirst({ where: { entity: { name: { equals: name, mode: "insensitive" } } } });
    if (!agent) {
      process.exitCode = 1;
      process.stderr.write(`agent-key: no agent named ${name}\n`);
      return;
    }
    // Names resolve among the agent's own live spaces only; a name two of them share is refused rather than guessed.
    const mine = await db.space.findMany({
      where: { archivedAt: null, memberships: { some: { entityId: agent.entityId } } },
      select: { id: true, name: true },
    });
    const spaceIds: string[] = [];
    for (const wanted of spaces) {
      const hits = mine.filter((s) => s.id === wanted || s.name.toLowerCase() === wanted.toLowerCase());
      if (hits.length !== 1) {
        process.exitCode = 1;
        process.stderr.write(
          `agent-key: ${hits.length ? `more than one of ${name}'s spaces is named ${wanted}; give its id` : `${name} is in no space named ${wanted}`}\n`,
        );
        return;
      }
      spaceIds.push(hits[0]!.id);
    }
    const { key } = await rotateServiceKey(db, agent.id, { spaceIds });
    // A service names the space to report into (payload.spaceId): the first listed, for the README's example.
    process.stdout.write(`AGENT_ID=${agent.id}\nSECRET_KEY=${key}\nSPACE_ID=${spaceIds[0]}\n`);
  } catch (err) {
    if (!isAppError(err)) throw err;
    process.exitCode = 1;
    process.stderr.write(`agent-key: ${err.message}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err) => fail("agent-key", (err as Error).stack ?? String(err)));
