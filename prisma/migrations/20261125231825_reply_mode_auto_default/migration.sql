-- Agents in channels answer what is addressed to them (reply mode auto) unless an admin chose
-- otherwise; direct spaces keep every. A separate migration from the one adding the value:
-- PostgreSQL does not let a transaction use an enum value it added.
ALTER TABLE "Membership" ALTER COLUMN "replyMode" SET DEFAULT 'auto';

UPDATE "Membership" AS m
SET "replyMode" = 'auto'
FROM "Entity" AS e, "Space" AS s
WHERE m."entityId" = e."id" AND m."spaceId" = s."id"
  AND e."type" = 'agent' AND s."kind" = 'channel' AND m."replyMode" = 'every';
