-- The words of the `words` column (0009), each listed once, in the byte order of the C collation, so that a search
-- can list the words a prefix word begins (db/pg/memory-search.ts `prefixTerms`), as SQLite's reads them from FTS5's
-- vocabulary: GIN gathers every match of every word a prefix begins before anything else (15-35 ms at 1,000,000
-- memories for `tim:*`), where the OR of a few whole words is read a span of ids at a time. The marks (`P…`, `R…`:
-- upper case, which no word is) are left out. A word stays listed after its last memory is gone: it then matches
-- nothing. There is no unique key, so that concurrent writers never wait on each other's new words (a key would
-- have them wait, and deadlock when they meet two new words in opposite orders): a word written by two at once is
-- listed twice, and read once. A migration that makes the `words` column again must list its words again.
CREATE TABLE memory_word_terms (term text COLLATE "C" NOT NULL);
--> statement-breakpoint
CREATE INDEX memory_word_terms_term ON memory_word_terms (term);
--> statement-breakpoint
INSERT INTO memory_word_terms (term) SELECT DISTINCT u.lexeme FROM memories, unnest(memories.words) AS u WHERE left(u.lexeme, 1) NOT IN ('P', 'R');
--> statement-breakpoint
CREATE FUNCTION memory_word_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO memory_word_terms (term)
    SELECT DISTINCT u.lexeme FROM written, unnest(written.words) AS u
    WHERE left(u.lexeme, 1) NOT IN ('P', 'R') AND NOT EXISTS (SELECT 1 FROM memory_word_terms t WHERE t.term = u.lexeme);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER memories_word_terms_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION memory_word_terms_add();
--> statement-breakpoint
CREATE TRIGGER memories_word_terms_update AFTER UPDATE ON memories REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION memory_word_terms_add();
