-- AlterTable
ALTER TABLE "ServiceKey" ADD COLUMN     "spaceIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "reach" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Goal" ADD COLUMN     "originSpaceId" TEXT,
ADD COLUMN     "reach" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Memory" ADD COLUMN     "originSpaceId" TEXT,
ADD COLUMN     "reach" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Plan" ADD COLUMN     "originSpaceId" TEXT,
ADD COLUMN     "reach" TEXT[] DEFAULT ARRAY[]::TEXT[];

