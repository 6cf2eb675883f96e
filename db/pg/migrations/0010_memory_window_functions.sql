-- The newest memories whose `search` (or `words`) matches a tsquery, read through the GIN index (db/pg/memory-search.ts
-- narrows the tsquery to a span of ids with the marks of 0009). The function's settings leave PostgreSQL no other
-- way to them: its planner, taking a word for common, would walk the table newest first back to the last match, or
-- scan it. Settings of a function last for its call only, so the search needs no transaction of its own.
CREATE FUNCTION memories_search_newest(query tsquery, n integer) RETURNS SETOF bigint
  LANGUAGE sql STABLE SET enable_seqscan = off SET enable_indexscan = off
  AS $$ SELECT id FROM memories WHERE search @@ query ORDER BY id DESC LIMIT n $$;
--> statement-breakpoint
CREATE FUNCTION memories_words_newest(query tsquery, n integer) RETURNS SETOF bigint
  LANGUAGE sql STABLE SET enable_seqscan = off SET enable_indexscan = off
  AS $$ SELECT id FROM memories WHERE words @@ query ORDER BY id DESC LIMIT n $$;
