-- Catalogue notifications (docs/decisions/003 and 008): every process drops or updates its cached
-- catalogue answers when a product's listing changes. NOTIFY is delivered only on commit. Only
-- what changes a listing notifies: a new or deleted product, its text, prices, pictures, or going
-- on or off sale (switched off by the seller included, even when already sold out). Stock counts
-- travel through the ledger (record_stock_change.sql), so an order that only takes stock sends no
-- NOTIFY: a notifying transaction holds PostgreSQL's notification queue lock through its commit,
-- which would serialise every order of a flash sale.
-- The one source of this function and its triggers, re-applied at the next start whenever this
-- file changes (docs/decisions/038); history in migrations 0001, 0003 and 0011.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('catalog_changed',
      NEW.id::text || ':' || NEW.stock_version::text || ':' || NEW.stock::text || ':' || NEW.in_stock::text);
  ELSE
    PERFORM pg_notify('catalog_changed', '*');
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER products_catalog_added AFTER INSERT OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

CREATE OR REPLACE TRIGGER products_catalog_changed AFTER UPDATE ON products
  FOR EACH ROW WHEN (
    OLD.in_stock IS DISTINCT FROM NEW.in_stock
    OR OLD.switched_off IS DISTINCT FROM NEW.switched_off
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.price_paise IS DISTINCT FROM NEW.price_paise
    OR OLD.offer_price_paise IS DISTINCT FROM NEW.offer_price_paise
    OR OLD.images IS DISTINCT FROM NEW.images
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.weight IS DISTINCT FROM NEW.weight
    OR OLD.low_stock_threshold IS DISTINCT FROM NEW.low_stock_threshold
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION notify_catalog_changed();
