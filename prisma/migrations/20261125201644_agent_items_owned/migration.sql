-- DropIndex
DROP INDEX "Memory_agentId_key_key";

-- DropIndex
DROP INDEX "Plan_agentId_name_key";

-- AlterTable
ALTER TABLE "Goal" ADD COLUMN     "adminOwned" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Memory" ADD COLUMN     "adminOwned" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "scope" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Plan" ADD COLUMN     "adminOwned" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "scope" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "AuditEntry" ADD COLUMN     "requesterId" TEXT,
ADD COLUMN     "runId" TEXT;

-- Backfill: items with no origin and an empty reach were made by an admin; every item's scope
-- is its reach, sorted bytewise (as JavaScript sorts ids) and comma-joined.
UPDATE "Memory" SET "scope" = array_to_string(ARRAY(SELECT r FROM unnest("reach") AS r ORDER BY r COLLATE "C"), ','),
  "adminOwned" = ("originSpaceId" IS NULL AND cardinality("reach") = 0);
UPDATE "Plan" SET "scope" = array_to_string(ARRAY(SELECT r FROM unnest("reach") AS r ORDER BY r COLLATE "C"), ','),
  "adminOwned" = ("originSpaceId" IS NULL AND cardinality("reach") = 0);
UPDATE "Goal" SET "adminOwned" = ("originSpaceId" IS NULL AND cardinality("reach") = 0);

-- CreateIndex
CREATE UNIQUE INDEX "Memory_agentId_key_scope_key" ON "Memory"("agentId", "key", "scope");

-- CreateIndex
CREATE UNIQUE INDEX "Plan_agentId_name_scope_key" ON "Plan"("agentId", "name", "scope");

