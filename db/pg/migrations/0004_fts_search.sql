-- Full-text search of memories (SQLite: the FTS5 table memories_fts, migrations 0001 and 0020). The words of a
-- memory's content (weight A) and tags (weight B) are a stored generated column, which PostgreSQL keeps in step
-- with every insert and update, so no trigger; a GIN index finds a query's matches. The expression index on the
-- read scope (coalesce(project_id, 0): 0 for a global memory, as memory_counts keys it) and id serves the scope
-- filter of a search by someone who reads only some projects. Neither is in db/pg/schema.ts: nothing reads the
-- column through drizzle, and drizzle-kit, which diffs its snapshots and not the database, leaves them alone.
ALTER TABLE memories ADD COLUMN search tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', content), 'A') || setweight(to_tsvector('english', tags), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX memories_search ON memories USING gin (search);
--> statement-breakpoint
CREATE INDEX memories_scope ON memories ((coalesce(project_id, 0)), id);
