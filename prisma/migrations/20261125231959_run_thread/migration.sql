-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "triggerThreadRootId" TEXT;

