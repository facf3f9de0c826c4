// What setting a goal takes: objectives with status, priority (lower = more important) and a long-term flag.
export interface GoalInput {
  id?: string;
  description?: string;
  status?: "active" | "completed" | "abandoned";
  priority?: number;
  longTerm?: boolean;
}

export const MAX_GOAL_LENGTH = 500;
