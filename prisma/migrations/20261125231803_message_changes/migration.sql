-- CreateTable
CREATE TABLE "MessageChange" (
    "id" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "spaceId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "byEntityId" TEXT NOT NULL,
    "before" TEXT,
    "after" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessageChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MessageChange_spaceId_createdAt_idx" ON "MessageChange"("spaceId", "createdAt");

-- CreateIndex
CREATE INDEX "MessageChange_messageId_idx" ON "MessageChange"("messageId");

-- AddForeignKey
ALTER TABLE "MessageChange" ADD CONSTRAINT "MessageChange_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

