// The BroadcastChannel on which a gateway thread's log probe (log-probe-models.ts) copies its
// log lines: in a module of its own, so that a test can name it without loading the probe.
export const THREAD_LOGS = "parley-test-thread-logs";
