// set_memories: facts the agent sees in every future run, tagged with where they came from.
import { z } from "zod";
import { setMemories } from "../../domain/agents/set-memories";
import { provenanceOf } from "./run-scope";
import { defineTool } from "./tool";

export const setMemoriesTool = defineTool({
  name: "set_memories",
  description: "Save facts (key → value) you will see in every future run. Memories an admin set are read-only.",
  inputSchema: z.object({
    memories: z
      .array(z.object({ key: z.string(), value: z.string() }))
      .min(1)
      .max(50),
  }),
  execute: (s, i) =>
    setMemories(s.ctx, { entityId: s.agent.entityId, run: provenanceOf(s) }, { agentId: s.agent.id, memories: i.memories }).then((memories) => ({
      saved: memories,
    })),
});
