// The gateway thread's first module. Worker threads do not inherit the TypeScript loader the
// main thread was started with (tsx), so the thread registers it before importing its entry.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
