// GET/PUT /api/settings/prices: model prices for the usage page's cost (admins). See server/http/usage.ts.
import { nextRoute } from "@/server/http/next-route";
import { listPricesHandler, updatePricesHandler } from "@/server/http/usage";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = nextRoute(listPricesHandler);
export const PUT = nextRoute(updatePricesHandler);
