-- AlterEnum
ALTER TYPE "ReplyMode" ADD VALUE 'auto';

-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "topics" TEXT[] DEFAULT ARRAY[]::TEXT[];

