// Models for the gateway thread's crash test: the agent named "Crash" ends the thread as soon
// as a run of its asks for its model (process.exit in a worker thread ends that thread only);
// the others answer as noted-models.ts's do.
import type { ModelResolver } from "../agents/models/resolve-model";
import { resolver as noted } from "./noted-models";

export const resolver: ModelResolver = (agent) => {
  if (agent.name === "Crash") process.exit(3);
  return noted(agent);
};
