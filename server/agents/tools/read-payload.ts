// read_payload: a part of this run's own service payload, by JSON path. TRIGGER shows a large
// payload clipped; this reads the rest, a part at a time. Only the payload of the run's own
// trigger (no run id is taken, so a run never reads another run's payload), and each answer is
// cut at MAX_READ_PAYLOAD_CHARS, saying how much more there is.
import { z } from "zod";
import { MAX_PAYLOAD_PATH_CHARS, MAX_READ_PAYLOAD_CHARS } from "@/lib/limits";
import { AppError } from "../../domain/errors";
import { clipJson } from "../context/clip";
import { parsePayloadPath, valueAt } from "./payload-path";
import { defineTool } from "./tool";

export const readPayloadTool = defineTool({
  name: "read_payload",
  description:
    'Read part of this run\'s service payload (TRIGGER shows it clipped when large). path is a JSON path such as items[3].title or $.a.b; "$" is the whole payload. A large part is clipped too: read a narrower path.',
  inputSchema: z.object({ path: z.string().min(1).max(MAX_PAYLOAD_PATH_CHARS) }),
  execute: async (s, { path }) => {
    if (s.run.triggerType !== "service") throw new AppError("bad_request", "This run's trigger has no payload.");
    const row = await s.ctx.db.run.findUnique({ where: { id: s.run.id }, select: { servicePayload: true } });
    const steps = parsePayloadPath(path);
    const value = steps && row ? valueAt(row.servicePayload ?? null, steps) : undefined;
    if (value === undefined) throw new AppError("not_found", "No such path in this run's payload.");
    const full = JSON.stringify(value);
    if (full.length <= MAX_READ_PAYLOAD_CHARS) return { value };
    const shown = clipJson(value, MAX_READ_PAYLOAD_CHARS);
    const more = full.length - JSON.stringify(shown).length;
    return { value: shown, clipped: `… ${Math.max(more, 1)} more characters; read a narrower path` };
  },
});
