// What a run view shows in place of content from a space the viewer is not a member of
// (server/domain/runs/redact-run.ts writes it; the inspector shows it as it would any text).
export const WITHHELD = "withheld: from a space you are not in";
