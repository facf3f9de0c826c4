// PUT /api/spaces/:id/budget { dailyTokenBudget: number | null } → 200 { spaceId, dailyTokenBudget }:
// the tokens all agents' runs triggered in the space may use per UTC day. Admins only.
import { z } from "zod";
import { AppError } from "../domain/errors";
import { setSpaceBudget, spaceBudgetInput } from "../domain/spaces/set-space-budget";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const id = z.string().min(1).max(64);

export const setSpaceBudgetHandler = authed<{ id: string }>(
  async (req, deps, params, caller) => {
    requireAdmin(caller, "set a space's token budget");
    const { dailyTokenBudget } = await readJson(req, spaceBudgetInput);
    const spaceId = id.safeParse(params.id);
    if (!spaceId.success) throw new AppError("bad_request", "Malformed space id");
    return json(await setSpaceBudget(deps, actorOf(caller), { spaceId: spaceId.data, dailyTokenBudget }));
  },
  { limit: "accountChangesPerUser" },
);
