-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "cachedInputTokens" INTEGER NOT NULL DEFAULT 0;

