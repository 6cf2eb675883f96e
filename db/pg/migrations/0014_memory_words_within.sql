-- A search with a prefix word beside whole words (`slotcart edi`, typed into the search box) read every match of
-- every word the prefix begins each time it looked at a span of ids: GIN gathers a prefix's matches whole before
-- anything else (15-35 ms a span at 1,000,000 memories for `tim:*` or `ver:*`). This reads a span through the whole
-- words alone (`candidates`, with the span's marks), and checks each memory it finds for the whole query, prefixes
-- and all; the search takes it where its walk of the newest memories saw the whole words hardly more often than the
-- whole query (lib/memory/window-steps.ts `readWithin`): `slotcart edi` 120 → 48 ms. OFFSET 0 keeps the check out
-- of the index scan.
CREATE FUNCTION memories_words_newest_within(candidates tsquery, query tsquery, n integer) RETURNS SETOF bigint
  LANGUAGE sql STABLE SET enable_seqscan = off SET enable_indexscan = off
  AS $$ SELECT id FROM (SELECT id, words FROM memories WHERE words @@ candidates OFFSET 0) AS m WHERE words @@ query ORDER BY id DESC LIMIT n $$;
