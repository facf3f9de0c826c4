import type { EntityDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { entitySelect, toEntityDto } from "../dto";

/** Everyone in the workspace (humans and agents), for member pickers and new direct spaces. Every member may see everyone. */
export async function listEntities({ db }: Pick<Deps, "db">, _actor: Actor): Promise<EntityDto[]> {
  const rows = await db.entity.findMany({ select: entitySelect, orderBy: [{ type: "asc" }, { name: "asc" }] });
  return rows.map(toEntityDto);
}
