// "What it did" under an agent's message: the steps of the run that sent it, as one viewer may
// see them (server/domain/steering/list-run-steps.ts withholds spaces the viewer is not in).

export interface RunStepDto {
  /** The tool, e.g. "read_messages", "set_plans". */
  tool: string;
  /** A short line: "read #general (50 messages)", "set a reminder". */
  label: string;
}

export interface RunStepsDto {
  messageId: string;
  runId: string;
  /** Only steps about spaces the viewer is a member of, or about no space at all. */
  steps: RunStepDto[];
}

/** The collapsed line: "read #general (50 messages) · set a reminder". */
export const stepsSummary = (steps: RunStepDto[]): string => steps.map((s) => s.label).join(" · ");
