-- PostgreSQL's parser keeps a path, a file name, a version or an address as one word (`lib/auth.ts`,
-- `playwright.config.ts`, `1.2.3`, `a@example.com`, `read-before-edit` also as its parts), where FTS5's unicode61
-- tokenizer splits them at every mark: `auth.ts`, `config` or "lib auth" found `lib/auth.ts` on SQLite and not
-- here. The three full-text columns (0009_memory_words_search, 0011_memory_phrase_pairs) are now made from the text
-- with each ASCII punctuation mark made a space (memory_text), so the parser sees the same words FTS5 does; a
-- query's words are split at the same marks (lib/memory/ts-query.ts), and a snippet is cut from the same text and
-- given its marks back (db/pg/memory-search.ts). One mark for one space: a snippet's place in the text is the same
-- in both.
--
-- A path is now a phrase, so more searches hold one and are looked up through `pairs`, where a rare word beside a
-- common phrase was slow: a search for `ones` with the tag `content_creation` read every memory holding the pair
-- "content creation" in a span of 262,144 ids to check it for `ones` (2.4 s at 1,000,000 memories), where the
-- `search` index skips straight to the few holding `ones` (12 ms). `pairs` now also holds each stemmed word of the
-- memory, without its positions and weights, so a phrase's look-up asks that index for the query's other words too
-- (lib/memory/phrase-pairs.ts) and GIN starts from the rarest of them, as it does in `search`.
--
-- Dropping and adding the columns in one statement makes them again for every memory in one rewrite. What a memory's
-- columns cost to make is paid at every insert: memory_text is a regular expression (translate took 40 µs for a
-- memory's 200 characters, six times over), and memory_pairs reads the text once (below).
CREATE FUNCTION memory_text(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(t, '[!-/:-@[-`{-~]', ' ', 'g') $$;
--> statement-breakpoint
-- What `pairs` holds of a memory: each two neighbouring lexemes of its content and tags (`Xa b`), each two a position
-- apart (`Ya b`, a stop word between them), as memory_phrase_pairs (0011) made them, and each lexeme, without its
-- positions. The parser reads the text without marks, so each position holds one lexeme, and the pairs are read off
-- the positions in order instead of by joining them with themselves.
CREATE FUNCTION memory_pairs(content text, tags text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ WITH v AS (SELECT to_tsvector('english', memory_text(content)) || to_tsvector('english', memory_text(tags)) AS v),
    at AS (SELECT lexeme, pos, lead(lexeme) OVER w AS l1, lead(pos) OVER w AS p1, lead(lexeme, 2) OVER w AS l2, lead(pos, 2) OVER w AS p2
      FROM (SELECT lexeme, unnest(positions) AS pos FROM unnest((SELECT v FROM v))) AS p WINDOW w AS (ORDER BY pos))
    SELECT strip((SELECT v FROM v)) || coalesce(array_to_tsvector(array_agg(pair) FILTER (WHERE pair IS NOT NULL)), ''::tsvector) FROM (
      SELECT CASE WHEN p1 = pos + 1 THEN 'X' || lexeme || ' ' || l1 END AS pair FROM at
      UNION ALL SELECT CASE WHEN p1 = pos + 2 THEN 'Y' || lexeme || ' ' || l1 WHEN p2 = pos + 2 THEN 'Y' || lexeme || ' ' || l2 END FROM at) AS pairs $$;
--> statement-breakpoint
ALTER TABLE memories DROP COLUMN pairs, DROP COLUMN words, DROP COLUMN search,
ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', memory_text(content)), 'A') || setweight(to_tsvector('english', memory_text(tags)), 'B') ||
  array_to_tsvector(ARRAY['P' || coalesce(project_id, 0), 'R12.' || (id >> 12), 'R14.' || (id >> 14), 'R16.' || (id >> 16), 'R18.' || (id >> 18), 'R20.' || (id >> 20), 'R22.' || (id >> 22)])
) STORED,
ADD COLUMN words tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', memory_text(content)) || to_tsvector('simple', memory_text(tags)) ||
  array_to_tsvector(ARRAY['P' || coalesce(project_id, 0), 'R12.' || (id >> 12), 'R14.' || (id >> 14), 'R16.' || (id >> 16), 'R18.' || (id >> 18), 'R20.' || (id >> 20), 'R22.' || (id >> 22)])
) STORED,
ADD COLUMN pairs tsvector GENERATED ALWAYS AS (
  memory_pairs(content, tags) ||
  array_to_tsvector(ARRAY['P' || coalesce(project_id, 0), 'R12.' || (id >> 12), 'R14.' || (id >> 14), 'R16.' || (id >> 16), 'R18.' || (id >> 18), 'R20.' || (id >> 20), 'R22.' || (id >> 22)])
) STORED;
--> statement-breakpoint
CREATE INDEX memories_search ON memories USING gin (search);
--> statement-breakpoint
CREATE INDEX memories_words ON memories USING gin (words);
--> statement-breakpoint
CREATE INDEX memories_pairs ON memories USING gin (pairs);
--> statement-breakpoint
DROP FUNCTION memory_phrase_pairs;
