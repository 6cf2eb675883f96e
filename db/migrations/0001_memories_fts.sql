-- Full-text index over memories (content and tags), kept in sync by triggers.
CREATE VIRTUAL TABLE `memories_fts` USING fts5(
  content,
  tags,
  content = 'memories',
  content_rowid = 'id',
  tokenize = 'porter unicode61'
);
--> statement-breakpoint
INSERT INTO `memories_fts` (rowid, content, tags) SELECT id, content, tags FROM `memories`;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_insert` AFTER INSERT ON `memories` BEGIN
  INSERT INTO `memories_fts` (rowid, content, tags) VALUES (new.id, new.content, new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_delete` AFTER DELETE ON `memories` BEGIN
  INSERT INTO `memories_fts` (`memories_fts`, rowid, content, tags) VALUES ('delete', old.id, old.content, old.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_update` AFTER UPDATE OF content, tags ON `memories` BEGIN
  INSERT INTO `memories_fts` (`memories_fts`, rowid, content, tags) VALUES ('delete', old.id, old.content, old.tags);
  INSERT INTO `memories_fts` (rowid, content, tags) VALUES (new.id, new.content, new.tags);
END;
