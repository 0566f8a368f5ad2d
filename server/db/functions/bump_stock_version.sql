-- A version taken under the row's lock whenever stock or in_stock changes: per product, a higher
-- version is always the newer state (the catalogue cache compares them, decision 008).
-- The one source of this function and its trigger, re-applied at the next start whenever this
-- file changes (docs/decisions/038); history in migration 0003, which made the sequence.
CREATE OR REPLACE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.stock IS DISTINCT FROM OLD.stock OR NEW.in_stock IS DISTINCT FROM OLD.in_stock THEN
    NEW.stock_version := nextval('product_stock_version_seq');
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER products_stock_version BEFORE INSERT OR UPDATE OF stock, in_stock ON products
  FOR EACH ROW EXECUTE FUNCTION bump_stock_version();
