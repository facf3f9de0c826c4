import type { EntityDto } from "@/lib/realtime/dto";
import type { Db } from "../../db/client";
import { entitySelect, toEntityDto } from "../dto";

/** Everyone in the workspace (humans and agents), for member pickers and new direct spaces. */
export async function listEntities(db: Db): Promise<EntityDto[]> {
  const rows = await db.entity.findMany({ select: entitySelect, orderBy: [{ type: "asc" }, { name: "asc" }] });
  return rows.map(toEntityDto);
}
