-- A phrase of common words was slow: FTS5 checks a phrase position by position in every memory holding all its
-- words (16 ms for "grep edit read" at 1,000,000 memories). memories_fts now also holds, in a `pairs` column, one
-- token for each two neighbouring stemmed words of a memory's content and tags, in their order: the first's length,
-- both, the second's length (`4grepedit4`), so that no two pairs run together alike and the porter tokenizer, which
-- only cuts letters off a word's end, keeps it as it is. A `0` ends each column's pairs. A phrase of n words is then
-- the phrase of its n - 1 pairs in that column (db/queries/memory-window.ts), whose lists are short: the same
-- matches, without reading the common words' lists.
--
-- The stems are FTS5's own: a memory's text goes into `memory_stems` (the same tokenizer, no copy of the text),
-- its instances are read back in order through fts5vocab, and it is deleted again, within the trigger. The index
-- becomes contentless_delete, so a deleted memory's tokens go by its rowid, without retokenizing its text.
CREATE VIRTUAL TABLE `memory_stems` USING fts5(
  content,
  tags,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `memory_stem_instances` USING fts5vocab(`memory_stems`, 'instance');
--> statement-breakpoint
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
  pairs,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61'
);
--> statement-breakpoint
-- The stored memories are indexed one at a time, as the insert trigger below does, through a trigger on a scratch
-- table of their ids: all at once, the window over every word of every memory would be sorted in one piece.
CREATE TABLE `memory_pairs_backfill` (`id` integer PRIMARY KEY);
--> statement-breakpoint
CREATE TRIGGER `memory_pairs_backfill_insert` AFTER INSERT ON `memory_pairs_backfill` BEGIN
  INSERT INTO `memory_stems` (rowid, content, tags) SELECT id, content, tags FROM `memories` WHERE id = new.id;
  INSERT INTO `memories_fts` (rowid, content, tags, scope, pairs) SELECT m.id, m.content, m.tags, 'p' || coalesce(m.project_id, 0), (
    SELECT coalesce(group_concat(coalesce(pair, '0'), ' ' ORDER BY col, offset), '')
    FROM (
      SELECT col, offset, length(term) || term || lead(term) OVER w || length(lead(term) OVER w) AS pair
      FROM `memory_stem_instances` WHERE doc = new.id WINDOW w AS (PARTITION BY col ORDER BY offset)
    )
  ) FROM `memories` m WHERE m.id = new.id;
  DELETE FROM `memory_stems` WHERE rowid = new.id;
END;
--> statement-breakpoint
INSERT INTO `memory_pairs_backfill` (id) SELECT id FROM `memories` ORDER BY id;
--> statement-breakpoint
DROP TABLE `memory_pairs_backfill`;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_insert` AFTER INSERT ON `memories` BEGIN
  INSERT INTO `memory_stems` (rowid, content, tags) VALUES (new.id, new.content, new.tags);
  INSERT INTO `memories_fts` (rowid, content, tags, scope, pairs) VALUES (new.id, new.content, new.tags, 'p' || coalesce(new.project_id, 0), (
    SELECT coalesce(group_concat(coalesce(pair, '0'), ' ' ORDER BY col, offset), '')
    FROM (
      SELECT col, offset, length(term) || term || lead(term) OVER w || length(lead(term) OVER w) AS pair
      FROM `memory_stem_instances` WHERE doc = new.id WINDOW w AS (PARTITION BY col ORDER BY offset)
    )
  ));
  DELETE FROM `memory_stems` WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_delete` AFTER DELETE ON `memories` BEGIN
  DELETE FROM `memories_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_update` AFTER UPDATE OF content, tags, project_id ON `memories` BEGIN
  DELETE FROM `memories_fts` WHERE rowid = old.id;
  INSERT INTO `memory_stems` (rowid, content, tags) VALUES (new.id, new.content, new.tags);
  INSERT INTO `memories_fts` (rowid, content, tags, scope, pairs) VALUES (new.id, new.content, new.tags, 'p' || coalesce(new.project_id, 0), (
    SELECT coalesce(group_concat(coalesce(pair, '0'), ' ' ORDER BY col, offset), '')
    FROM (
      SELECT col, offset, length(term) || term || lead(term) OVER w || length(lead(term) OVER w) AS pair
      FROM `memory_stem_instances` WHERE doc = new.id WINDOW w AS (PARTITION BY col ORDER BY offset)
    )
  ));
  DELETE FROM `memory_stems` WHERE rowid = new.id;
END;
