-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "modelId" TEXT;

-- CreateTable
CREATE TABLE "ModelPrice" (
    "modelId" TEXT NOT NULL,
    "inputPerM" DOUBLE PRECISION NOT NULL,
    "cachedInputPerM" DOUBLE PRECISION NOT NULL,
    "outputPerM" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ModelPrice_pkey" PRIMARY KEY ("modelId")
);

-- CreateIndex
CREATE INDEX "Run_queuedAt_idx" ON "Run"("queuedAt");

