-- A phrase of common words ("grep edit read") was the slowest search on PostgreSQL: GIN finds the memories holding
-- every word of a phrase, but not the words' order, so each such memory's `search` was read to check their
-- positions (400 ms at 1,000,000 memories). The `pairs` column holds a lexeme for each two lexemes at neighbouring
-- positions (`X<lexeme> <lexeme>`) and for each two one position apart (`Y…`: the english configuration drops stop
-- words but keeps their positions, so "run the tests" is `run <2> test`), taken from the tsvector `search` holds
-- (0009_memory_words_search) before its marks, so a memory matching `a <-> b` (`a <2> b`) in `search` holds `Xa b`
-- (`Ya b`) in `pairs`; and the same project and block marks as `search`. A phrase's look-up (db/pg/memory-search.ts) reads the `pairs` index alone, for its pairs within a
-- span of ids, and checks `search` only on the memories holding them, so it has the same matches as before. A
-- column of its own, so the `search` that every other look-up reads and ranks stays as small as it was.
CREATE FUNCTION memory_phrase_pairs(content text, tags text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ WITH at AS (SELECT lexeme, unnest(positions) AS pos FROM unnest(setweight(to_tsvector('english', content), 'A') || setweight(to_tsvector('english', tags), 'B')))
    SELECT coalesce(array_to_tsvector(array_agg(pair)), ''::tsvector) FROM (
      SELECT 'X' || a.lexeme || ' ' || b.lexeme AS pair FROM at a JOIN at b ON b.pos = a.pos + 1
      UNION ALL SELECT 'Y' || a.lexeme || ' ' || b.lexeme FROM at a JOIN at b ON b.pos = a.pos + 2) AS pairs $$;
--> statement-breakpoint
ALTER TABLE memories ADD COLUMN pairs tsvector GENERATED ALWAYS AS (
  memory_phrase_pairs(content, tags) ||
  array_to_tsvector(ARRAY['P' || coalesce(project_id, 0), 'R12.' || (id >> 12), 'R14.' || (id >> 14), 'R16.' || (id >> 16), 'R18.' || (id >> 18), 'R20.' || (id >> 20), 'R22.' || (id >> 22)])
) STORED;
--> statement-breakpoint
CREATE INDEX memories_pairs ON memories USING gin (pairs);
--> statement-breakpoint
-- The newest memories matching `query` in `search` among those holding `pairs_query` (the phrase's pairs and a span's
-- marks) in `pairs`, as memories_search_newest (0010_memory_window_functions) reads them, but through the `pairs`
-- index alone: ts_match_vq is the @@ operator written so that the planner cannot take the `search` index as well,
-- whose look-up of a phrase's common words is the cost this saves.
CREATE FUNCTION memories_phrase_newest(query tsquery, pairs_query tsquery, n integer) RETURNS SETOF bigint
  LANGUAGE sql STABLE SET enable_seqscan = off SET enable_indexscan = off
  AS $$ SELECT id FROM memories WHERE pairs @@ pairs_query AND ts_match_vq(search, query) ORDER BY id DESC LIMIT n $$;
