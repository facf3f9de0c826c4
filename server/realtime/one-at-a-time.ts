// A socket's events are handled one after another. The embedded database has one
// connection, so twenty events from one socket at once would put twenty transactions in
// the queue ahead of every other member's; in order, one socket holds at most one place.
// Refused events (rate limits, bad payloads) are cheap, so a flood still drains fast.
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = tail.then(work, work);
    tail = next.catch(() => {});
    return next;
  };
}
