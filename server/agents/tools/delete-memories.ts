// delete_memories: forgets memories by key, only those this run's reach covers.
import { z } from "zod";
import { deleteMemories } from "../../domain/agents/memories";
import { defineTool } from "./tool";

export const deleteMemoriesTool = defineTool({
  name: "delete_memories",
  description: "Forget memories by key.",
  inputSchema: z.object({ keys: z.array(z.string()).min(1).max(200) }),
  execute: (s, i) => deleteMemories(s.ctx.db, s.agent.id, i.keys, s.run.reach),
});
