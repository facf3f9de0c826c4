-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "alsoInChannel" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "threadLastReplyAt" TIMESTAMP(3),
ADD COLUMN     "threadParticipantIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "threadReplyCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "threadRootId" TEXT;

-- CreateTable
CREATE TABLE "ThreadFollow" (
    "id" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "rootId" TEXT NOT NULL,
    "spaceId" TEXT NOT NULL,
    "lastReadSeq" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThreadFollow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ThreadFollow_rootId_idx" ON "ThreadFollow"("rootId");

-- CreateIndex
CREATE UNIQUE INDEX "ThreadFollow_entityId_rootId_key" ON "ThreadFollow"("entityId", "rootId");

-- CreateIndex
CREATE INDEX "Message_threadRootId_seq_idx" ON "Message"("threadRootId", "seq");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_threadRootId_fkey" FOREIGN KEY ("threadRootId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThreadFollow" ADD CONSTRAINT "ThreadFollow_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThreadFollow" ADD CONSTRAINT "ThreadFollow_rootId_fkey" FOREIGN KEY ("rootId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A reply in a thread, stored in one statement as parley_insert_message stores a message (it
-- calls it, so membership, the space's seq and the sender's cursor follow the same rules), and,
-- in the same statement:
--   * the root must be a live (not deleted) top-level message of the same space written by
--     someone (not a system line): one level of threads only. A message's threadRootId is set only in the
--     statement that stores it, so a root checked here cannot become a reply meanwhile;
--   * the reply is marked with its root (and whether it was also sent to the channel);
--   * the root's summary (reply count, newest reply time, participants in order of first
--     reply) is updated under the root's row lock, so concurrent replies all count;
--   * the sender follows the thread with everything up to its own reply read, and the
--     root's author follows it (nothing read yet when they never opened it).
-- The locks go space row (in parley_insert_message) then root row, as every thread reply takes them.
-- The newest reply time comes back as ISO text in UTC (the column has no time zone).
-- No row when the root or the membership check failed; the caller tells which apart.
CREATE FUNCTION parley_insert_thread_reply(
  p_id TEXT, p_space_id TEXT, p_sender_id TEXT, p_text TEXT, p_root_id TEXT, p_also_in_channel BOOLEAN,
  p_client_message_id TEXT, p_run_id TEXT, p_chain_depth INTEGER, p_origin JSONB, p_created_at TIMESTAMP(3)
) RETURNS TABLE (
  "id" TEXT, "seq" INTEGER, "senderName" TEXT, "senderType" TEXT, "senderAvatarColor" TEXT,
  "replyCount" INTEGER, "lastReplyAt" TEXT, "participantIds" TEXT[]
) LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  ins RECORD;
  root RECORD;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "Message" r WHERE r.id = p_root_id AND r."spaceId" = p_space_id
                 AND r."threadRootId" IS NULL AND r.kind = 'text' AND r."deletedAt" IS NULL) THEN
    RETURN;
  END IF;
  SELECT * INTO ins FROM parley_insert_message(p_id, p_space_id, p_sender_id, p_text, NULL,
    p_client_message_id, p_run_id, p_chain_depth, p_origin, p_created_at);
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE "Message" SET "threadRootId" = p_root_id, "alsoInChannel" = p_also_in_channel WHERE "Message".id = p_id;
  UPDATE "Message" r SET
    "threadReplyCount" = r."threadReplyCount" + 1,
    "threadLastReplyAt" = GREATEST(r."threadLastReplyAt", p_created_at),
    "threadParticipantIds" = CASE WHEN p_sender_id = ANY(COALESCE(r."threadParticipantIds", ARRAY[]::TEXT[]))
      THEN r."threadParticipantIds" ELSE array_append(COALESCE(r."threadParticipantIds", ARRAY[]::TEXT[]), p_sender_id) END
  WHERE r.id = p_root_id
  RETURNING r."senderId" AS author, r."threadReplyCount" AS n, r."threadLastReplyAt" AS at, r."threadParticipantIds" AS who INTO root;
  INSERT INTO "ThreadFollow" (id, "entityId", "rootId", "spaceId", "lastReadSeq")
  VALUES (gen_random_uuid()::text, p_sender_id, p_root_id, p_space_id, ins.seq)
  ON CONFLICT ("entityId", "rootId") DO UPDATE SET "lastReadSeq" = GREATEST("ThreadFollow"."lastReadSeq", EXCLUDED."lastReadSeq");
  IF root.author <> p_sender_id THEN
    INSERT INTO "ThreadFollow" (id, "entityId", "rootId", "spaceId", "lastReadSeq")
    VALUES (gen_random_uuid()::text, root.author, p_root_id, p_space_id, 0)
    ON CONFLICT ("entityId", "rootId") DO NOTHING;
  END IF;
  RETURN QUERY SELECT ins.id, ins.seq, ins."senderName", ins."senderType", ins."senderAvatarColor", root.n,
    to_char(root.at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), root.who;
END
$fn$;
