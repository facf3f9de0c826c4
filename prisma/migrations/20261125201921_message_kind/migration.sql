-- CreateEnum
CREATE TYPE "MessageKind" AS ENUM ('text', 'system');

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "kind" "MessageKind" NOT NULL DEFAULT 'text';

