// NOTED_AGENTS' models for a gateway thread, plus a probe of the thread's log: imported in the
// thread (GatewayThreadConfig.modelsModule), it turns the thread's logger up to debug and
// copies each line it writes to the BroadcastChannel THREAD_LOGS, where a test on the main
// thread reads them. A thread's log lines otherwise go straight to the process's stdout.
import { log } from "../log";
import { logStream } from "./log-stream";
import { THREAD_LOGS } from "./thread-logs";

export { resolver } from "./noted-models";

const channel = new BroadcastChannel(THREAD_LOGS);
// Not kept alive by the channel: the thread ends when its work does.
(channel as unknown as { unref?: () => void }).unref?.();
const stream = logStream();
const write = stream.write.bind(stream);
// Lines below the level the thread started with go to the probe only, not to the test's output.
const shown = log.levelVal;
stream.write = (line: string) => {
  channel.postMessage(line);
  return (JSON.parse(line) as { level: number }).level >= shown ? write(line) : true;
};
log.level = "debug";
