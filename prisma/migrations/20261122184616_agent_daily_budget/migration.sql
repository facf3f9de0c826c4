-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "dailyTokenBudget" INTEGER;

