-- Making a memory's phrase pairs through the scratch index (migration 0031_memories_phrase_pairs) took 136 µs of the
-- 230 µs a memory cost to store. Ingest now makes them itself for ASCII text (lib/memory/stem-pairs.ts: the same
-- tokens and porter stems as FTS5's, checked against it) and passes them in `stem_pairs`; the triggers index those
-- and set the column back to null in the same statement, so it holds nothing once a memory is stored. Text that is
-- not ASCII, and every other writer, leave it null and the pairs are made from FTS5's own stems as before. An update
-- uses given pairs only when it sets new ones: a `stem_pairs` left over could not describe changed text. Like the
-- FTS5 tables, the column is not in db/schema.ts: Drizzle's queries read `memories` on PostgreSQL too, which has none.
ALTER TABLE `memories` ADD `stem_pairs` text;
--> statement-breakpoint
DROP TRIGGER `memories_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `memories_fts_update`;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_insert` AFTER INSERT ON `memories` WHEN new.stem_pairs IS NULL BEGIN
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
CREATE TRIGGER `memories_fts_insert_given_pairs` AFTER INSERT ON `memories` WHEN new.stem_pairs IS NOT NULL BEGIN
  INSERT INTO `memories_fts` (rowid, content, tags, scope, pairs) VALUES (new.id, new.content, new.tags, 'p' || coalesce(new.project_id, 0), new.stem_pairs);
  UPDATE `memories` SET stem_pairs = NULL WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `memories_fts_update` AFTER UPDATE OF content, tags, project_id ON `memories`
WHEN new.stem_pairs IS NULL OR new.stem_pairs IS old.stem_pairs BEGIN
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
--> statement-breakpoint
CREATE TRIGGER `memories_fts_update_given_pairs` AFTER UPDATE OF content, tags, project_id ON `memories`
WHEN new.stem_pairs IS NOT NULL AND new.stem_pairs IS NOT old.stem_pairs BEGIN
  DELETE FROM `memories_fts` WHERE rowid = old.id;
  INSERT INTO `memories_fts` (rowid, content, tags, scope, pairs) VALUES (new.id, new.content, new.tags, 'p' || coalesce(new.project_id, 0), new.stem_pairs);
  UPDATE `memories` SET stem_pairs = NULL WHERE id = new.id;
END;
