import { NextRequest } from "next/server";
import { handlers } from "@/server/auth/next-auth";
import { guardAuthRoute } from "@/server/http/auth-route-guard";

export const runtime = "nodejs";
export const { GET } = handlers;
// Body and JSON-depth limits, and sign-in refusals as 429/503, before and around next-auth.
// next-auth reads `nextUrl` when AUTH_URL is set, so the guarded request is a NextRequest again.
export const POST = guardAuthRoute((req) => handlers.POST(new NextRequest(req)));
