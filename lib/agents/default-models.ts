// The model an agent gets when the admin names only its provider. Shared by the server (a new
// agent with a blank model id) and the admin form (changing an agent's provider resets its model
// id to the new provider's default unless the admin typed one), so a model id never travels to
// a provider that does not know it. OpenAI-compatible servers have no model every one knows.
export const DEFAULT_MODEL_IDS: Record<string, string> = {
  offline: "parley-offline-1",
  openai: "gpt-4o-mini",
  anthropic: "claude-3-5-haiku-latest",
};
