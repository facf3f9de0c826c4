-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "requesterId" TEXT;

-- AlterTable
ALTER TABLE "Plan" ADD COLUMN     "requesterId" TEXT;

