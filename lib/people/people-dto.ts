// People administration as the API and the admin page show it.

export interface PersonRow {
  userId: string;
  entityId: string;
  name: string;
  email: string;
  role: "admin" | "member";
  status: "active" | "deactivated";
  /** Newest of last sign-in, last API token use and last message; null when none is known. */
  lastActiveAt: string | null;
  spaceCount: number;
  createdAt: string;
}

export interface PeoplePage {
  people: PersonRow[];
  /** Pass as `after` for the next page; null on the last one. */
  nextAfter: string | null;
}

export interface InviteDto {
  id: string;
  prefix: string;
  role: "admin" | "member";
  channels: { id: string; name: string }[];
  maxUses: number;
  uses: number;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
  state: "usable" | "used" | "expired" | "revoked";
}
