-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "chainStopLimit" INTEGER;

