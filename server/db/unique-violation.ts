// Unique-key collisions look different depending on how the query was made: Prisma's model
// calls report P2002; raw SQL through a driver adapter reports the database's SQLSTATE 23505.
/** Whether `e` is a unique-key collision, as Prisma reports it for model calls (P2002) and for raw SQL (SQLSTATE 23505). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; meta?: { code?: string; driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } }; message?: string };
  if (err?.code === "P2002") return true;
  const cause = err?.meta?.driverAdapterError?.cause;
  return err?.meta?.code === "23505" || cause?.kind === "UniqueConstraintViolation" || cause?.originalCode === "23505" || /\b23505\b/.test(err?.message ?? "");
}
