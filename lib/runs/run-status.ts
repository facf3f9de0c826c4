// A run's status, as client and server name it. The database has its own enum (prisma/schema.prisma
// RunStatus); run-status.test.ts keeps the two lists equal.

export const RUN_STATUSES = ["queued", "running", "waiting_reply", "completed", "failed", "canceled"] as const;

export type RunStatus = (typeof RUN_STATUSES)[number];

/** Not ended yet: the run may still act, so the chat shows it and it can be canceled. */
export const LIVE_RUN_STATUSES = ["queued", "running", "waiting_reply"] as const satisfies readonly RunStatus[];

/** Ended: no transition leaves these. */
export const TERMINAL_RUN_STATUSES = ["completed", "failed", "canceled"] as const satisfies readonly RunStatus[];

export const isLiveStatus = (s: RunStatus): boolean => (LIVE_RUN_STATUSES as readonly RunStatus[]).includes(s);

export const isTerminalStatus = (s: RunStatus): boolean => (TERMINAL_RUN_STATUSES as readonly RunStatus[]).includes(s);
