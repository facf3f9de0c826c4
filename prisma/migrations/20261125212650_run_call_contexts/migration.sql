-- AlterTable
ALTER TABLE "RunEvent" ADD COLUMN     "contextText" TEXT;

