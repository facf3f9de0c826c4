// A search page's cursor: the (createdAt, id) of its last result, the keyset the next page
// continues below. Opaque to clients; anything that does not decode is refused, never guessed.
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;

export const encodeSearchCursor = (createdAt: Date, id: string): string => `${createdAt.getTime()}.${id}`;

export function decodeSearchCursor(cursor: string): { createdAt: Date; id: string } | null {
  const m = CURSOR.exec(cursor);
  if (!m) return null;
  const createdAt = new Date(Number(m[1]));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: m[2]! };
}
