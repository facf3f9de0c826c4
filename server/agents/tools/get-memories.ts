// get_memories: the agent's memories this run's reach covers.
import { z } from "zod";
import { getMemories } from "../../domain/agents/get-memories";
import { provenanceOf } from "./run-scope";
import { defineTool } from "./tool";

export const getMemoriesTool = defineTool({
  name: "get_memories",
  description: "Read your memories, optionally only some keys.",
  inputSchema: z.object({ keys: z.array(z.string()).max(200).optional() }),
  execute: (s, i) =>
    getMemories(s.ctx, { entityId: s.agent.entityId, run: provenanceOf(s) }, { agentId: s.agent.id, keys: i.keys }).then((m) => ({
      memories: m.map(({ key, value }) => ({ key, value })),
    })),
});
