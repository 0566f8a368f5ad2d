-- Answers now say when the seller switched a product off (`switchedOff`), so switching off a
-- product already sold out (in_stock unchanged) is a listing change too: every process hears it.
DROP TRIGGER products_catalog_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER UPDATE ON products
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
