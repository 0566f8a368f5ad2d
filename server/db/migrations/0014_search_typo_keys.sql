-- Search with typos (catalog-search.ts). The keys of a product's name: each of its words (lower
-- case letters; a word with a digit has none) of 3 letters or more, and for each of 4 or more every
-- spelling of it with one letter left out, tagged with that letter's place ("milk": milk, ilk:1,
-- mlk:2, mik:3, mil:4). A typed word's keys (searchKeys) meet them where the word has one letter
-- wrong, missing or extra, or two neighbours swapped ("mlik" gives mik:3; "bred" gives bred:4, as
-- "bread" does). A GIN index on the names' keys finds them with &&. It takes a new name at once,
-- not in a pending list that only VACUUM merges: nothing vacuums on PGlite, and there every search
-- read the whole list.
CREATE FUNCTION product_name_keys(name text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  word text;
  letters int;
  keys text[] := '{}';
BEGIN
  FOREACH word IN ARRAY regexp_split_to_array(lower(name), '[^[:alnum:]]+') LOOP
    CONTINUE WHEN word ~ '[0-9]';
    letters := char_length(word);
    IF letters >= 3 THEN
      keys := keys || word;
    END IF;
    IF letters >= 4 THEN
      FOR i IN 1..letters LOOP
        keys := keys || (left(word, i - 1) || substr(word, i + 1) || ':' || i);
      END LOOP;
    END IF;
  END LOOP;
  RETURN keys;
END
$$;
--> statement-breakpoint
CREATE INDEX "products_name_keys_idx" ON "products" USING gin (product_name_keys("name")) WITH (fastupdate=false);
--> statement-breakpoint
-- The trigram index too takes new names at once (drizzle-kit would drop and build it again for
-- this; changing the setting and merging what waits in its pending list ends the same).
ALTER INDEX "products_name_trgm_idx" SET (fastupdate = false);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_name_trgm_idx');
