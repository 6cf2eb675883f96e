-- The words of every memory as they are written (unicode61 without porter), beside memories_fts's stemmed ones, so
-- that a word being typed is matched as the start of the words it begins: stemming cuts `deployment` to "deploy" and
-- `deploy` to "deploi", so "deplo" or "deploy" as a prefix of the stems misses what people mean. Contentless and
-- scoped like memories_fts (migration 0020). `prefix = '3'` keeps an index of every word's first three letters:
-- FTS5 answers a prefix by merging the lists of every word it begins, and three letters begin the most.
CREATE VIRTUAL TABLE `memories_words` USING fts5(
  content,
  tags,
  scope,
  content = '',
  tokenize = 'unicode61',
  prefix = '3'
);
--> statement-breakpoint
INSERT INTO `memories_words` (rowid, content, tags, scope) SELECT id, content, tags, 'p' || coalesce(project_id, 0) FROM `memories`;
--> statement-breakpoint
CREATE TRIGGER `memories_words_insert` AFTER INSERT ON `memories` BEGIN
  INSERT INTO `memories_words` (rowid, content, tags, scope) VALUES (new.id, new.content, new.tags, 'p' || coalesce(new.project_id, 0));
END;
--> statement-breakpoint
CREATE TRIGGER `memories_words_delete` AFTER DELETE ON `memories` BEGIN
  INSERT INTO `memories_words` (`memories_words`, rowid, content, tags, scope) VALUES ('delete', old.id, old.content, old.tags, 'p' || coalesce(old.project_id, 0));
END;
--> statement-breakpoint
CREATE TRIGGER `memories_words_update` AFTER UPDATE OF content, tags, project_id ON `memories` BEGIN
  INSERT INTO `memories_words` (`memories_words`, rowid, content, tags, scope) VALUES ('delete', old.id, old.content, old.tags, 'p' || coalesce(old.project_id, 0));
  INSERT INTO `memories_words` (rowid, content, tags, scope) VALUES (new.id, new.content, new.tags, 'p' || coalesce(new.project_id, 0));
END;
