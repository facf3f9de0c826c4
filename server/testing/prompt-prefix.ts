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

/** One content block of a prompt, and whether it carries a cache breakpoint (Anthropic's cache_control). */
export interface PromptBlock {
  text: string;
  mark: boolean;
}

/**
 * The share of each prompt an Anthropic-style cache serves, over a series of prompts: a
 * prefix is cached only where a breakpoint was, and a call finds it only at a block boundary
 * at most 20 blocks before one of its own breakpoints. The first prompt gets nothing.
 */
export function anthropicCacheHits(prompts: readonly PromptBlock[][]): number[] {
  const cached = new Set<string>();
  return prompts.map((blocks) => {
    const ends: string[] = [];
    let text = "";
    for (const b of blocks) ends.push((text += b.text));
    let hit = 0;
    blocks.forEach((b, i) => {
      if (!b.mark) return;
      for (let j = i; j >= Math.max(0, i - 19); j--) {
        if (cached.has(ends[j]!)) {
          hit = Math.max(hit, ends[j]!.length);
          break;
        }
      }
    });
    blocks.forEach((b, i) => {
      if (b.mark) cached.add(ends[i]!);
    });
    return text.length ? hit / text.length : 0;
  });
}
