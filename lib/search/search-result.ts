// The wire shape of search results (HTTP GET /api/search and the socket's search:query).
import type { EntityDto } from "../realtime/dto";

export interface SearchResultDto {
  messageId: string;
  spaceId: string;
  /** The channel's name, or for a direct space the other member's name. */
  spaceName: string;
  spaceKind: "channel" | "direct";
  seq: number;
  sender: EntityDto;
  createdAt: string;
  /** A bounded excerpt with matched words between HIT_START and HIT_END (lib/search/snippet.ts). */
  snippet: string;
}

export interface SearchPageDto {
  results: SearchResultDto[];
  /** Pass back as `cursor` for the next (older) page; null when there is none. */
  nextCursor: string | null;
}
