-- The full-text index also holds each memory's project as one token of a `scope` column (`p<project id>`, `p0`
-- for a global memory), so a search by someone who reads only some projects matches within them: FTS5 walks the
-- intersection of a word's list with their projects' lists instead of every match of the word. The index keeps no
-- copy of the text (contentless): searches read rows from `memories`, and snippets come from a scratch index.
DROP TRIGGER `memories_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `memories_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `memories_fts_update`;
--> statement-breakpoint
DROP TABLE `memories_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `memories_fts` USING fts5(
  content,
  tags,
  scope,
  content = '',
  tokenize = 'porter unicode61'
);
--> statement-breakpoint
INSERT INTO `memories_fts` (rowid, content, tags, scope) SELECT id, content, tags, 'p' || coalesce(project_id, 0) FROM `memories`;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_insert` AFTER INSERT ON `memories` BEGIN
  INSERT INTO `memories_fts` (rowid, content, tags, scope) VALUES (new.id, new.content, new.tags, 'p' || coalesce(new.project_id, 0));
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_delete` AFTER DELETE ON `memories` BEGIN
  INSERT INTO `memories_fts` (`memories_fts`, rowid, content, tags, scope) VALUES ('delete', old.id, old.content, old.tags, 'p' || coalesce(old.project_id, 0));
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_update` AFTER UPDATE OF content, tags, project_id ON `memories` BEGIN
  INSERT INTO `memories_fts` (`memories_fts`, rowid, content, tags, scope) VALUES ('delete', old.id, old.content, old.tags, 'p' || coalesce(old.project_id, 0));
  INSERT INTO `memories_fts` (rowid, content, tags, scope) VALUES (new.id, new.content, new.tags, 'p' || coalesce(new.project_id, 0));
END;
