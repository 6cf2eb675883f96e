-- The memory search's two full-text columns (db/pg/memory-search.ts; SQLite: memories_fts and memories_words,
-- migrations 0020 and 0030), both stored generated columns with a GIN index:
-- - `search`: content (A) and tags (B) stemmed by the english configuration, as in 0004_fts_search;
-- - `words`: content and tags as written (the simple configuration), where a word being typed is matched as the
--   start of longer words (stemming cuts `deployment` to "deploy" and `deploy` to "deploi").
-- Each also holds marks no query text can reach (upper-case lexemes: every configuration lowercases): `P<project>`
-- (0 for a global memory), so the index intersects a word's memories with a caller's projects as FTS5 does with
-- its scope column, and `R<k>.<id >> k>` for k = 12, 14, …, 22, the id's block of 2^k memories, so a search reads
-- the index for its newest matches a span of ids at a time: GIN intersects a rare list with a common one by
-- skipping through the common one, where a word's whole list would be read to find its newest 2,000 matches.
-- The scope index of 0004 gives way to the `P` marks. Dropping and adding the column refills it for every memory.
DROP INDEX memories_scope;
--> statement-breakpoint
DROP INDEX memories_search;
--> statement-breakpoint
ALTER TABLE memories DROP COLUMN search;
--> statement-breakpoint
ALTER TABLE memories ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', content), 'A') || setweight(to_tsvector('english', tags), 'B') ||
  array_to_tsvector(ARRAY['P' || coalesce(project_id, 0), 'R12.' || (id >> 12), 'R14.' || (id >> 14), 'R16.' || (id >> 16), 'R18.' || (id >> 18), 'R20.' || (id >> 20), 'R22.' || (id >> 22)])
) STORED;
--> statement-breakpoint
ALTER TABLE memories ADD COLUMN words tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', content) || to_tsvector('simple', tags) ||
  array_to_tsvector(ARRAY['P' || coalesce(project_id, 0), 'R12.' || (id >> 12), 'R14.' || (id >> 14), 'R16.' || (id >> 16), 'R18.' || (id >> 18), 'R20.' || (id >> 20), 'R22.' || (id >> 22)])
) STORED;
--> statement-breakpoint
CREATE INDEX memories_search ON memories USING gin (search);
--> statement-breakpoint
CREATE INDEX memories_words ON memories USING gin (words);
