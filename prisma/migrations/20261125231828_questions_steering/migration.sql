-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "waitTimeoutMs" INTEGER NOT NULL DEFAULT 300000;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "regenerateOfId" TEXT;

-- CreateTable
CREATE TABLE "Question" (
    "messageId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "spaceId" TEXT NOT NULL,
    "askedEntityId" TEXT,
    "askedName" TEXT,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'open',
    "answer" TEXT,
    "answeredById" TEXT,
    "answeredByName" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "Question_pkey" PRIMARY KEY ("messageId")
);

-- CreateIndex
CREATE INDEX "Question_runId_idx" ON "Question"("runId");

-- CreateIndex
CREATE INDEX "Question_askedEntityId_status_idx" ON "Question"("askedEntityId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Run_regenerateOfId_key" ON "Run"("regenerateOfId");

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_regenerateOfId_fkey" FOREIGN KEY ("regenerateOfId") REFERENCES "Run"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- One run per (agent, trigger message), retries and now regenerations excepted: a regeneration is
-- a second run on the same trigger, asked for explicitly and recorded (Run.regenerateOfId).
DROP INDEX "Run_agentId_triggerMessageId_idx";
CREATE UNIQUE INDEX "Run_agentId_triggerMessageId_idx" ON "Run"("agentId", "triggerMessageId") WHERE "retryOfId" IS NULL AND "regenerateOfId" IS NULL;
