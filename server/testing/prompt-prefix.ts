// How much of a prompt a provider's prefix cache could serve: the bytes two consecutive
// prompts share from their start, as a share of the second. Used by the prompt-caching test
// and bench/agents.ts.
export function commonPrefixShare(first: string, second: string): { common: number; bytes: number; share: number } {
  const a = Buffer.from(first);
  const b = Buffer.from(second);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return { common, bytes: b.length, share: b.length ? common / b.length : 0 };
}
