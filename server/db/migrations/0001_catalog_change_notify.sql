-- Every committed change to products (seller edits, stock taken by orders) tells each server
-- process to drop its cached catalogue answers. NOTIFY is delivered only on commit.
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
AFTER INSERT OR UPDATE OR DELETE ON products
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
