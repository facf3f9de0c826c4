// An agent's service key and service runs as the admin panel's Services page shows them.
import type { RunDto } from "@/lib/realtime/dto";

/** The agent's live key: never the key itself, only the prefix it starts with. */
export interface ServiceKeyDto {
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Spaces runs started with the key may reach; empty = all the agent's spaces. */
  spaceIds: string[];
}

export interface ServicePanelDto {
  /** `entityId` is what runs name the agent by (RunDto.agent.id). */
  agent: { id: string; entityId: string; name: string; enabled: boolean };
  key: ServiceKeyDto | null;
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
