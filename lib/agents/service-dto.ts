// An agent's service key and service runs as the admin panel's Services page shows them.
import type { RunDto } from "@/lib/realtime/dto";

/** The agent's live key: never the key itself, only the prefix it starts with. */
export interface ServiceKeyDto {
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Spaces runs started with the key may reach; empty only on a legacy key (`legacy`). */
  spaceIds: string[];
  /** The admin who made it (null: made by `npm run agent-key`, or unknown). Its runs reach only spaces that admin is still in. */
  createdBy: string | null;
  /** A key made before every key listed its spaces (it reaches what its agent shares with `createdBy`, or nothing without one). */
  legacy: boolean;
}

/** A space the viewing admin may list on a new key: the agent and the admin are both in it. */
export interface KeySpaceDto {
  id: string;
  name: string;
  kind: "channel" | "direct";
}

export interface ServicePanelDto {
  /** `entityId` is what runs name the agent by (RunDto.agent.id). */
  agent: { id: string; entityId: string; name: string; enabled: boolean };
  key: ServiceKeyDto | null;
  /** The spaces this admin may give a new key, by name. */
  spaces: KeySpaceDto[];
  /** The agent's newest service runs, newest first. */
  runs: RunDto[];
}

/** A rotation's answer: the new key, shown once. */
export interface RotatedKeyDto {
  key: string;
  prefix: string;
  spaceIds: string[];
  createdAt: string;
}
