-- Search with typos (server/modules/catalog/catalog-search.ts). The keys of a product's name: each
-- of its words (lower case letters; a word with a digit has none) of 3 letters or more, and for
-- each of 4 or more every spelling of it with one letter left out, tagged with that letter's place
-- ("milk": milk, ilk:1, mlk:2, mik:3, mil:4). A typed word's keys (searchKeys) meet them where the
-- word has one letter wrong, missing or extra, or two neighbours swapped ("mlik" gives mik:3;
-- "bred" gives bred:4, as "bread" does). The GIN index products_name_keys_idx finds them with &&.
-- The one source of this function, re-applied at the next start whenever this file changes
-- (docs/decisions/038); history in migration 0014, which made the index.
CREATE OR REPLACE FUNCTION product_name_keys(name text) RETURNS text[]
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

-- The index holds the keys this function gave when each name was written: keys from another
-- version of it would not meet the typed word's, so the index is built again with this one.
REINDEX INDEX products_name_keys_idx;
