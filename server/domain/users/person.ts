import type { Actor } from "../deps";

/** A signed-in person acting on their own account (tokens, sessions, connected providers): these need the user id, which agents lack. */
export type PersonActor = Actor & { userId: string };
