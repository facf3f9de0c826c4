// What "Test model" answers (POST /api/agents/:id/test-model).
export interface ModelTestResultDto {
  ok: boolean;
  /** The model's answer, or why the call failed in words (never a key). */
  text: string;
  ms: number;
  usage: { inputTokens: number | null; outputTokens: number | null } | null;
}
