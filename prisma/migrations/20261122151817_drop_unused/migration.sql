-- AlterTable
ALTER TABLE "Plan" DROP COLUMN "lockedUntil";

-- DropTable
DROP TABLE "VerificationToken";

