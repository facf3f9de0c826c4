// Which agents' declared topics a message matches, and how well: a small, explainable score, so
// "why did Scout answer?" has an answer a person can check. Words are lowercased and cut to a
// rough stem ("deploys", "deploying", "deployed" → "deploy"); a topic (a keyword or a short
// phrase) matches when every one of its words is in the message, and scores its word count, so
// "launch plan" beats "plan". An agent's score is the sum over its matching topics. Ties go by
// name, so the same message always wakes the same agents.
import { MAX_TOPIC_WAKES } from "@/lib/agents/reply-modes";

const STOP = new Set(["the", "a", "an", "and", "or", "of", "to", "in", "on", "for", "is", "are", "it", "we", "i", "you", "with", "at", "be", "this", "that"]);

export function stem(word: string): string {
  let w = word.toLowerCase();
  for (const suffix of ["ing", "ed", "es", "s", "ly"]) {
    if (w.length > suffix.length + 2 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

export const wordsOf = (text: string): string[] => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w)).map(stem);

export interface TopicMatch {
  score: number;
  /** The topics that matched, as the agent declared them. */
  matched: string[];
}

export function matchTopics(text: string, topics: readonly string[]): TopicMatch {
  const words = new Set(wordsOf(text));
  const matched: string[] = [];
  let score = 0;
  for (const topic of topics) {
    const need = wordsOf(topic);
    if (need.length && need.every((w) => words.has(w))) {
      matched.push(topic);
      score += need.length;
    }
  }
  return { score, matched };
}

/** The agents a message addressed to nobody wakes: best score first, at most MAX_TOPIC_WAKES, none without a match. */
export function bestTopicMatches<A extends { name: string; topics: readonly string[] }>(text: string, agents: readonly A[]): (A & TopicMatch)[] {
  return agents
    .map((a) => ({ ...a, ...matchTopics(text, a.topics) }))
    .filter((a) => a.score > 0)
    .sort((x, y) => y.score - x.score || x.name.localeCompare(y.name))
    .slice(0, MAX_TOPIC_WAKES);
}
