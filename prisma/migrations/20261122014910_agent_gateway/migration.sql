-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "planFireAt" TIMESTAMP(3),
ADD COLUMN     "resumeAt" TIMESTAMP(3),
ADD COLUMN     "seenCursors" JSONB;

-- CreateIndex
CREATE INDEX "Run_status_resumeAt_idx" ON "Run"("status", "resumeAt");

-- CreateIndex
CREATE UNIQUE INDEX "Run_planId_planFireAt_key" ON "Run"("planId", "planFireAt");

