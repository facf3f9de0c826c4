// delete_memories: forgets memories by key, only those this run's reach covers.
import { z } from "zod";
import { deleteMemories } from "../../domain/agents/delete-memories";
import { provenanceOf } from "./run-scope";
import { defineTool } from "./tool";

export const deleteMemoriesTool = defineTool({
  name: "delete_memories",
  description: "Forget memories by key.",
  inputSchema: z.object({ keys: z.array(z.string()).min(1).max(200) }),
  execute: (s, i) => deleteMemories(s.ctx, { entityId: s.agent.entityId, run: provenanceOf(s) }, { agentId: s.agent.id, keys: i.keys }),
});
