// POST /api/signup: see server/http/signup.ts.
import { nextRoute } from "@/server/http/next-route";
import { signupHandler } from "@/server/http/signup";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const POST = nextRoute(signupHandler);
