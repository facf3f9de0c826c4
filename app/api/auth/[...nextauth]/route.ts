import { handlers } from "@/server/auth/next-auth";

export const runtime = "nodejs";
export const { GET, POST } = handlers;
