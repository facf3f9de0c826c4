-- DropIndex
DROP INDEX "Run_agentId_triggerMessageId_key";

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "retryOfId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Run_retryOfId_key" ON "Run"("retryOfId");

-- CreateIndex (hand-edited: partial and unique, which the schema cannot say). One run per
-- agent and trigger message still holds for everything the gateway creates; a retry, which
-- repeats its failed run's trigger on purpose, is the one exception.
CREATE UNIQUE INDEX "Run_agentId_triggerMessageId_idx" ON "Run"("agentId", "triggerMessageId") WHERE "retryOfId" IS NULL;

-- CreateIndex
CREATE INDEX "Run_queuedAt_id_idx" ON "Run"("queuedAt", "id");

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_retryOfId_fkey" FOREIGN KEY ("retryOfId") REFERENCES "Run"("id") ON DELETE SET NULL ON UPDATE CASCADE;

