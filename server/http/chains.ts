// The chain tree of a message (shape in lib/chains/chain-dtos.ts):
//   GET /api/messages/:id/chain  → ChainDto, for anyone who can read the message
// Bearer tokens work too; each caller may read CHAIN views at the chainViewsPerUser rate.
import type { ChainDto } from "@/lib/chains/chain-dtos";
import { getChain } from "../domain/chains/get-chain";
import { actorOf, authed } from "./endpoint";
import { json } from "./respond";

export const getChainHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => json((await getChain(deps, actorOf(caller), { messageId: id })) satisfies ChainDto),
  { limit: "chainViewsPerUser" },
);
