// A deleted message's text out of the tool calls and results runs stored (RunEvent.data, which
// the run inspector shows): read_messages pages quote it as a history line
// (`[msg:<id>] [<time>] "<name>" (<type>, id:<entity>): "<text>"`, server/agents/context/format.ts),
// and an agent's own message was its send_message input, recorded with the message's id. The
// quoted text is replaced as in the contexts (scrub-run-contexts.ts); the send's input and
// recorded text are blanked, and so is any value that is the whole text (a resumed wait's
// reply in a context event). Only runs that could reach the message's space are looked at.
import type { Prisma } from "@/generated/prisma/client";

const GONE = "(message deleted)";
/** A JSON string literal, as `quote` writes one. */
const LITERAL = String.raw`"(?:[^"\\]|\\.)*"`;

type Json = Prisma.JsonValue;

export async function scrubRunToolEvents(tx: Prisma.TransactionClient, message: { id: string; spaceId: string; text: string }): Promise<void> {
  const id = message.id.replace(/[^\w-]/g, (c) => `\\${c}`);
  const line = new RegExp(String.raw`(\[msg:${id}\] \[[^\]\n]*\] ${LITERAL} \([^)\n]*\): )${LITERAL}`, "g");
  const rows = await tx.$queryRaw<{ id: string; runId: string; data: Json }[]>`
    SELECT e.id, e."runId", e.data FROM "RunEvent" e
    WHERE (strpos(e.data::text, ${message.id}) > 0 OR jsonb_path_exists(e.data, '$.** ? (@ == $t)', jsonb_build_object('t', ${message.text}::text)))
      AND e."runId" IN (SELECT id FROM "Run" WHERE ${message.spaceId} = ANY(reach))`;
  if (rows.length === 0) return;
  // The sends that wrote this message: every event of theirs (call, record, result) by toolCallId.
  const sends = new Set(rows.flatMap((r) => (field(r.data, "messageId") === message.id ? [`${r.runId}:${field(r.data, "toolCallId")}`] : [])));
  const sendEvents = sends.size
    ? await tx.runEvent.findMany({
        where: { runId: { in: [...sends].map((s) => s.split(":")[0]!) }, contextText: null },
        select: { id: true, runId: true, data: true },
      })
    : [];
  const touched = new Map<string, Json>();
  for (const r of [...rows, ...sendEvents]) {
    const own = sends.has(`${r.runId}:${field(r.data, "toolCallId")}`);
    const data = scrub(touched.get(r.id) ?? r.data, line, own, message.text);
    if (JSON.stringify(data) !== JSON.stringify(r.data)) touched.set(r.id, data);
  }
  for (const [eventId, data] of touched) await tx.runEvent.update({ where: { id: eventId }, data: { data: data as Prisma.InputJsonValue } });
}

const field = (data: Json, key: string): unknown => (data && typeof data === "object" && !Array.isArray(data) ? data[key] : undefined);

/** `own`: an event of the send that wrote the message, whose `text` values are its words; `text`: the words themselves, wherever kept whole (a resumed wait's reply). */
function scrub(value: Json, line: RegExp, own: boolean, text: string, key = ""): Json {
  if (typeof value === "string") return (own && key === "text") || value === text ? GONE : value.replace(line, `$1${JSON.stringify(GONE)}`);
  if (Array.isArray(value)) return value.map((v) => scrub(v, line, own, text, key));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v ?? null, line, own, text, k)]));
  return value;
}
