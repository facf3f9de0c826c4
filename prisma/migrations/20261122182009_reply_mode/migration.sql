-- CreateEnum
CREATE TYPE "ReplyMode" AS ENUM ('every', 'addressed', 'off');

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "replyMode" "ReplyMode" NOT NULL DEFAULT 'every';

