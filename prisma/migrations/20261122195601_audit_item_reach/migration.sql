-- AlterTable
ALTER TABLE "AuditEntry" ADD COLUMN     "itemReach" TEXT[] DEFAULT ARRAY[]::TEXT[];

