-- CreateEnum
CREATE TYPE "SpaceVisibility" AS ENUM ('public', 'private');

-- AlterTable
ALTER TABLE "Space" ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "visibility" "SpaceVisibility" NOT NULL DEFAULT 'private';

-- Existing channels stay private (members only), as they were. #general is the exception:
-- every new account already joins it at sign-up, so it is the workspace's public channel.
UPDATE "Space" SET visibility = 'public' WHERE kind = 'channel' AND name = 'general' AND "archivedAt" IS NULL;
