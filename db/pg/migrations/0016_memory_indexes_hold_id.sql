-- SQLite's indexes hold each row's id (its rowid), so a window of the most recently updated memories, or of a few
-- projects' memories, is read from memories_browse or memories_project_category alone (db/queries/memory-window.ts
-- `browseSource`). PostgreSQL's held no id, so each of a window's rows was read from the table as well: the window
-- of the 10,000 most recently updated of 1,000,000 memories, 20 ms against 9 with the id in the index.
DROP INDEX memories_browse;
--> statement-breakpoint
CREATE INDEX memories_browse ON memories USING btree (updated_at, project_id, category, confidence, pinned, created_at, reinforced_at) INCLUDE (id);
--> statement-breakpoint
DROP INDEX memories_project_category;
--> statement-breakpoint
CREATE INDEX memories_project_category ON memories USING btree (project_id, category, confidence, pinned, created_at, reinforced_at) INCLUDE (id);
