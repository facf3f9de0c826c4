// How the run inspector says a model call's or a run's token usage: input with the share read
// from the provider's prompt cache, when the provider said so, then output.
const count = (n: number) => n.toLocaleString("en-US");

/** "1,234 in (62% cached) · 56 out"; without the share when `cached` is unknown (null) or the input is 0. */
export function tokenUsage(input: number, cached: number | null | undefined, output: number): string {
  const share = cached != null && input > 0 ? ` (${Math.round((100 * cached) / input)}% cached)` : "";
  return `${count(input)} in${share} · ${count(output)} out`;
}
