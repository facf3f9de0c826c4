-- AlterTable
ALTER TABLE "ServiceKey" ADD COLUMN     "createdById" TEXT;


-- Keys made before every key had a space list reach only the spaces their agent shares with the
-- admin who made them: that admin is the actor of the key's "key.rotate" audit entry.
UPDATE "ServiceKey" k SET "createdById" = (
  SELECT a."actorId" FROM "AuditEntry" a
  WHERE a."agentId" = k."agentId" AND a."action" = 'key.rotate' AND a."after"->>'prefix' = k."prefix"
  ORDER BY a."createdAt" DESC LIMIT 1
);
