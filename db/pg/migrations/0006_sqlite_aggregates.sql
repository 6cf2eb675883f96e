-- Two of SQLite's aggregates, as SQLite defines them, so that the queries written once for both engines can use them
-- (docs/postgres.md): total(x) is a sum that is 0.0, never NULL, over no rows or only NULLs, and always a floating
-- point number; group_concat(x, separator) joins the non-NULL values in the order the rows come, NULL over none.
CREATE FUNCTION starlight_total_step(state double precision, value double precision) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN value IS NULL THEN state ELSE state + value END $$;
--> statement-breakpoint
CREATE AGGREGATE total(double precision) (SFUNC = starlight_total_step, STYPE = double precision, INITCOND = '0', PARALLEL = SAFE);
--> statement-breakpoint
CREATE FUNCTION starlight_group_concat_step(state text, value text, separator text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN value IS NULL THEN state WHEN state IS NULL THEN value ELSE state || separator || value END $$;
--> statement-breakpoint
CREATE AGGREGATE group_concat(text, text) (SFUNC = starlight_group_concat_step, STYPE = text, PARALLEL = SAFE);
