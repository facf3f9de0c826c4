// A deleted message's text out of the contexts agents' runs were given, as stored for the run
// inspector (each model call's context, and the run's last one). Context lines are written in
// a fixed shape (server/agents/context/format.ts, blocks/trigger.ts) with the text as a JSON
// string literal, so the literal after the message's own id is replaced where it appears:
//   [msg:<id>] [<time>] "<name>" (<type>, id:<entity>): "<text>"
//   message: "<text>"\n  messageId: <id>        (TRIGGER)
// Only runs that could reach the message's space are looked at.
import type { Prisma } from "@/generated/prisma/client";
import { oneLineJson } from "../../agents/context/format";

const GONE = '"(message deleted)"';
/** A JSON string literal, as `quote` writes one. */
const LITERAL = String.raw`"(?:[^"\\]|\\.)*"`;

export async function scrubRunContexts(tx: Prisma.TransactionClient, message: { id: string; spaceId: string; text: string }): Promise<void> {
  // Ids are cuids or uuids; escaped anyway, as they go into a regular expression.
  const id = message.id.replace(/[^\w-]/g, (c) => `\\${c}`);
  const line = String.raw`(\[msg:${id}\] \[[^\]\n]*\] ${LITERAL} \([^)\n]*\): )${LITERAL}`;
  const trigger = String.raw`(  message: )${LITERAL}(\n  messageId: ${id}\n)`;
  await tx.$executeRaw`
    UPDATE "RunEvent" SET "contextText" = regexp_replace(regexp_replace("contextText", ${line}, ${`\\1${GONE}`}, 'g'), ${trigger}, ${`\\1${GONE}\\2`}, 'g')
    WHERE "contextText" IS NOT NULL AND strpos("contextText", ${message.id}) > 0
      AND "runId" IN (SELECT id FROM "Run" WHERE ${message.spaceId} = ANY(reach))`;
  await tx.$executeRaw`
    UPDATE "Run" SET "contextSnapshot" = regexp_replace(regexp_replace("contextSnapshot", ${line}, ${`\\1${GONE}`}, 'g'), ${trigger}, ${`\\1${GONE}\\2`}, 'g')
    WHERE "contextSnapshot" IS NOT NULL AND strpos("contextSnapshot", ${message.id}) > 0 AND ${message.spaceId} = ANY(reach)`;
  // Its words quoted elsewhere in a context (a resumed wait's reply inside the "send_message
  // result" JSON): the literal itself, wherever it is. The same words in another message go too.
  const literal = oneLineJson(message.text);
  await tx.$executeRaw`
    UPDATE "RunEvent" SET "contextText" = replace("contextText", ${literal}, ${GONE})
    WHERE "contextText" IS NOT NULL AND strpos("contextText", ${literal}) > 0
      AND "runId" IN (SELECT id FROM "Run" WHERE ${message.spaceId} = ANY(reach))`;
  await tx.$executeRaw`
    UPDATE "Run" SET "contextSnapshot" = replace("contextSnapshot", ${literal}, ${GONE})
    WHERE "contextSnapshot" IS NOT NULL AND strpos("contextSnapshot", ${literal}) > 0 AND ${message.spaceId} = ANY(reach)`;
}
