-- CreateTable
CREATE TABLE "EarlierSummary" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "spaceId" TEXT NOT NULL,
    "throughSeq" INTEGER NOT NULL,
    "digest" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EarlierSummary_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EarlierSummary_agentId_spaceId_key" ON "EarlierSummary"("agentId", "spaceId");

-- AddForeignKey
ALTER TABLE "EarlierSummary" ADD CONSTRAINT "EarlierSummary_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EarlierSummary" ADD CONSTRAINT "EarlierSummary_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

