-- Every change of stock writes one ledger row in the same transaction. The business action says
-- why with transaction-local settings (greencart.stock_reason, greencart.stock_order,
-- greencart.actor, greencart.stock_note: server/modules/inventory/stock-ledger.ts and
-- place_order.sql); a change made without them is recorded as an edit by the system, so nothing
-- is ever missing from the ledger.
-- The one source of this function and its triggers, re-applied at the next start whenever this
-- file changes (docs/decisions/038); history in migration 0003.
CREATE OR REPLACE FUNCTION record_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_change integer := NEW.stock - (CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.stock END);
BEGIN
  IF v_change = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_ledger (product_id, change, stock_after, in_stock_after, stock_version, reason, order_id, actor, note)
  VALUES (
    NEW.id, v_change, NEW.stock, NEW.in_stock, NEW.stock_version,
    coalesce(nullif(current_setting('greencart.stock_reason', true), ''),
             CASE WHEN TG_OP = 'INSERT' THEN 'restock' ELSE 'edit' END),
    nullif(current_setting('greencart.stock_order', true), '')::uuid,
    coalesce(nullif(current_setting('greencart.actor', true), ''), 'system'),
    coalesce(nullif(current_setting('greencart.stock_note', true), ''),
             CASE WHEN TG_OP = 'INSERT' THEN 'Initial stock' END));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER products_stock_added AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION record_stock_change();

CREATE OR REPLACE TRIGGER products_stock_changed AFTER UPDATE OF stock ON products
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION record_stock_change();
