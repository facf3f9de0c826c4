-- CreateEnum
CREATE TYPE "NotifyLevel" AS ENUM ('all', 'mentions', 'none');

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "notifyLevel" "NotifyLevel" NOT NULL DEFAULT 'all';

-- CreateTable
CREATE TABLE "Mention" (
    "messageId" TEXT NOT NULL,
    "spaceId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "mentionedEntityId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Mention_pkey" PRIMARY KEY ("messageId","mentionedEntityId")
);

-- CreateIndex
CREATE INDEX "Mention_mentionedEntityId_createdAt_idx" ON "Mention"("mentionedEntityId", "createdAt");

-- CreateIndex
CREATE INDEX "Mention_mentionedEntityId_spaceId_seq_idx" ON "Mention"("mentionedEntityId", "spaceId", "seq");

-- AddForeignKey
ALTER TABLE "Mention" ADD CONSTRAINT "Mention_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mention" ADD CONSTRAINT "Mention_mentionedEntityId_fkey" FOREIGN KEY ("mentionedEntityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

