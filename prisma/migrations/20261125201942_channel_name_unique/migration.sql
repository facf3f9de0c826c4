-- Channel names are unique among live channels, whatever the case: names are how people and
-- agents point at a channel. Written by hand (Prisma's schema cannot say lower(name) or WHERE).
--
-- Older data may hold duplicates. Every one after the first (by creation) is renamed
-- "<name> (2)", "<name> (3)", …: a typed name never has a space, so these collide with no
-- new name and stay visibly marked until their owners rename them. Should such a name already
-- exist, the channel's id is used as the suffix instead; the index below then always builds.
WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY lower(name) ORDER BY "createdAt", id) AS n
  FROM "Space" WHERE kind = 'channel' AND "archivedAt" IS NULL
)
UPDATE "Space" s SET name = s.name || ' (' || r.n || ')' FROM ranked r WHERE s.id = r.id AND r.n > 1;

WITH ranked AS (
  SELECT id, row_number() OVER (PARTITION BY lower(name) ORDER BY "createdAt", id) AS n
  FROM "Space" WHERE kind = 'channel' AND "archivedAt" IS NULL
)
UPDATE "Space" s SET name = s.name || ' (' || s.id || ')' FROM ranked r WHERE s.id = r.id AND r.n > 1;

CREATE UNIQUE INDEX "Space_channel_lower_name_key" ON "Space" (lower(name)) WHERE kind = 'channel' AND "archivedAt" IS NULL;
