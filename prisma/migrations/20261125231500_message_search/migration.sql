-- Full-text search over messages. Written by hand: Prisma's schema cannot express a generated
-- tsvector column or a GIN index, so neither is in prisma/schema.prisma (the model leaves the
-- column out; Prisma never reads or writes it, and schema diffs never see it).
--
-- The vector is computed by the database from the text on every insert and edit, so it can
-- never disagree with the message. 'english' stems words ("deploys" finds "deploy") and drops
-- stop words; queries use the same configuration (server/domain/search/search-messages.ts).
ALTER TABLE "Message" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED;

-- Only what search can return is indexed: live messages people or agents wrote. A deleted
-- message leaves the index in the same statement that deletes it, and the index stays the
-- size of what can be found. Queries repeat this predicate so the planner may use it.
-- fastupdate off: with it on, new entries wait in a pending list that every search reads
-- through until a VACUUM merges it, and the embedded database has no autovacuum, so searches
-- there slowed as messages arrived (55 ms to find nothing in 20,000 messages). Each insert
-- now updates the index itself, a small cost at chat rates.
CREATE INDEX "Message_searchVector_idx" ON "Message" USING GIN ("searchVector") WITH (fastupdate = off)
  WHERE "deletedAt" IS NULL AND "kind" = 'text';

-- Results are newest first. For a common word, walking this index from the newest message and
-- checking each against the query finds a page sooner than collecting every match from the
-- GIN index and sorting them; the planner picks whichever is cheaper for the words asked.
CREATE INDEX "Message_search_recent_idx" ON "Message" ("createdAt" DESC, "id" DESC)
  WHERE "deletedAt" IS NULL AND "kind" = 'text';

-- The same order within one space (in:#channel) and from one sender (from:@name): a search
-- narrowed to either walks only that space's or sender's messages, newest first.
CREATE INDEX "Message_search_space_idx" ON "Message" ("spaceId", "createdAt" DESC, "id" DESC)
  WHERE "deletedAt" IS NULL AND "kind" = 'text';
CREATE INDEX "Message_search_sender_idx" ON "Message" ("senderId", "createdAt" DESC, "id" DESC)
  WHERE "deletedAt" IS NULL AND "kind" = 'text';
