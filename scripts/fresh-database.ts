// Drops and recreates database <name> on the server of <url>; prints the new URL.
// Used by scripts/test.sh so the end-to-end run starts from an empty PostgreSQL database.
import pg from "pg";

const [url, name] = process.argv.slice(2);
if (!url || !name || !/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error("usage: tsx scripts/fresh-database.ts <postgres-url> <db_name>");
  process.exit(2);
}
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${name}"`);
await admin.end();
const out = new URL(url);
out.pathname = `/${name}`;
console.log(out.toString());
