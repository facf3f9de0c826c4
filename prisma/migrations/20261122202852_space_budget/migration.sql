-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "dailyTokenBudget" INTEGER;

-- CreateIndex
CREATE INDEX "Run_triggerSpaceId_queuedAt_idx" ON "Run"("triggerSpaceId", "queuedAt");

