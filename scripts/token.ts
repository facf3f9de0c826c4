// `npm run token -- <email>`: creates a personal API token named "cli" for that user and
// prints only the token on stdout (so `TOKEN=$(npm run -s token -- me@x.dev)` works).
import { createApiToken } from "../server/domain/users/create-api-token";
import { fail, openCliDatabase } from "./cli-database";

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) fail("token", "usage: npm run token -- <email>", 2);
  const database = await openCliDatabase("token");
  try {
    const user = await database.db.user.findUnique({ where: { email } });
    if (!user) {
      process.exitCode = 1;
      process.stderr.write(`token: no user with email ${email}; sign up in the app first\n`);
      return;
    }
    const { token } = await createApiToken(database, { entityId: user.entityId, userId: user.id, isAdmin: user.isAdmin }, { name: "cli" });
    process.stdout.write(`${token}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err) => fail("token", (err as Error).stack ?? String(err)));
