-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "archivedAt" TIMESTAMP(3);

