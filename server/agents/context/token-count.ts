// How many tokens a text costs a model: the one place the budget counts. OpenAI models'
// encodings are public, so their text is counted exactly with gpt-tokenizer. Every other model is estimated from its length, at a characters-per-token
// ratio learned from what the provider reported for this model's earlier runs (a guess of
// four characters per token is 20-40% off for code, JSON, names and non-English text).
import { createRequire } from "node:module";
import type { Db } from "../../db/client";

export type Encoding = "o200k_base" | "cl100k_base";

/** How a model's text is counted: exactly with its encoding, or estimated at charsPerToken. */
export interface TokenCounting {
  encoding: Encoding | null;
  charsPerToken: number;
}

/** Below the usual ~4 for English so an uncalibrated estimate errs toward too many tokens. */
export const DEFAULT_CHARS_PER_TOKEN = 3.5;
/** A learned ratio outside this range is a bad sample (a run mostly of tool results, a provider that bills oddly). */
const MIN_CHARS_PER_TOKEN = 2;
const MAX_CHARS_PER_TOKEN = 5;
/** Runs a ratio is learned from, and how many it takes to trust it. */
const CALIBRATION_RUNS = 20;
const MIN_CALIBRATION_RUNS = 3;

export const ESTIMATE: TokenCounting = { encoding: null, charsPerToken: DEFAULT_CHARS_PER_TOKEN };

/** OpenAI's encoding for a model id, or null when the model's tokenizer is not known here. */
export function encodingFor(modelId: string): Encoding | null {
  if (/^(chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o\d)/.test(modelId)) return "o200k_base";
  if (/^(gpt-4|gpt-3\.5)/.test(modelId)) return "cl100k_base";
  return null;
}

type Counter = (text: string) => number;
const counters = new Map<Encoding, Counter | null>();
// Each encoding is loaded on first use, not imported: its table is several MB, and most
// installs need one of them or none. Should loading fail, that model is estimated instead.
const load = createRequire(import.meta.url);

function exactCounter(encoding: Encoding): Counter | null {
  if (!counters.has(encoding)) {
    let counter: Counter | null = null;
    try {
      const mod = load(`gpt-tokenizer/encoding/${encoding}`) as { countTokens?: Counter };
      if (typeof mod.countTokens === "function") counter = mod.countTokens;
    } catch {
      counter = null;
    }
    counters.set(encoding, counter);
  }
  return counters.get(encoding) ?? null;
}

/** True when `counting` is exact here (its encoding is known and its table loaded). */
export const isExact = (counting: TokenCounting): boolean => !!counting.encoding && !!exactCounter(counting.encoding);

export function countTokens(text: string, counting: TokenCounting = ESTIMATE): number {
  const exact = counting.encoding ? exactCounter(counting.encoding) : null;
  if (exact) {
    try {
      return exact(text);
    } catch {
      // A special token typed into a message ("<|endoftext|>") makes the encoder refuse: estimate that text.
    }
  }
  return Math.ceil(text.length / counting.charsPerToken);
}

/**
 * A model's learned ratio is reused for this long in a process. It is a median over its last
 * runs, so it moves slowly, and reading it for every run cost the database a sort of the
 * model's runs at each one: with agents answering each other, the busiest query it served.
 */
export const CALIBRATION_REUSE_MS = 60_000;
/** Per database (tests open many), per model: the counting and when it was read. */
const learned = new WeakMap<Db, Map<string, { at: number; counting: Promise<TokenCounting> }>>();

/**
 * The counting for an agent's model: exact for a known encoding, else the ratio learned from
 * its runs (readTokenCounting), read at most once per CALIBRATION_REUSE_MS. Runs that start
 * together share the one read.
 */
export function tokenCountingFor(db: Db, model: { provider: string; modelId: string }, now = Date.now()): Promise<TokenCounting> {
  const encoding = encodingFor(model.modelId);
  if (encoding && exactCounter(encoding)) return Promise.resolve({ encoding, charsPerToken: DEFAULT_CHARS_PER_TOKEN });
  let perModel = learned.get(db);
  if (!perModel) learned.set(db, (perModel = new Map()));
  const key = `${model.provider}\u0000${model.modelId}`;
  const hit = perModel.get(key);
  if (hit && now - hit.at < CALIBRATION_REUSE_MS) return hit.counting;
  const counting = readTokenCounting(db, model);
  perModel.set(key, { at: now, counting });
  // A failed read is not kept: the next run asks again.
  counting.catch(() => perModel.get(key)?.counting === counting && perModel.delete(key));
  return counting;
}

/**
 * The median characters-per-token of this model's recent completed runs (context snapshot
 * length over the input tokens the provider reported per model step), read now. The
 * per-step input also holds the tool schemas and tool results, so the ratio comes out low:
 * the estimate errs toward more tokens. Each agent's latest completed runs come from the
 * partial index on (agentId, endedAt), so the read does not grow with the runs kept.
 */
export async function readTokenCounting(db: Db, model: { provider: string; modelId: string }): Promise<TokenCounting> {
  const encoding = encodingFor(model.modelId);
  if (encoding && exactCounter(encoding)) return { encoding, charsPerToken: DEFAULT_CHARS_PER_TOKEN };
  const rows = await db.$queryRaw<{ chars: number; tokens: number; steps: number }[]>`
    SELECT r.chars, r.tokens, r.steps
    FROM "Agent" a CROSS JOIN LATERAL (
      SELECT length(x."contextSnapshot")::int AS chars, x."inputTokens" AS tokens, x."stepCount" AS steps, x."endedAt"
      FROM "Run" x
      WHERE x."agentId" = a.id AND x.status = 'completed' AND x."endedAt" IS NOT NULL
        AND x."inputTokens" > 0 AND x."contextSnapshot" IS NOT NULL
      ORDER BY x."endedAt" DESC
      LIMIT ${CALIBRATION_RUNS}
    ) r
    WHERE a.provider = ${model.provider} AND a."modelId" = ${model.modelId}
    ORDER BY r."endedAt" DESC
    LIMIT ${CALIBRATION_RUNS}`;
  return { encoding, charsPerToken: calibratedRatio(rows) };
}

/** Median chars/token over samples, bounded; the default until there are enough. */
export function calibratedRatio(samples: readonly { chars: number; tokens: number; steps: number }[]): number {
  const ratios = samples
    .filter((s) => s.chars > 0 && s.tokens > 0)
    .map((s) => s.chars / (s.tokens / (s.steps + 1)))
    .sort((a, b) => a - b);
  if (ratios.length < MIN_CALIBRATION_RUNS) return DEFAULT_CHARS_PER_TOKEN;
  const median = ratios[Math.floor(ratios.length / 2)]!;
  return Math.min(MAX_CHARS_PER_TOKEN, Math.max(MIN_CHARS_PER_TOKEN, median));
}
