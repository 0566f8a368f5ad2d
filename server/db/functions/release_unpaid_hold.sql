-- An online order's hold ends when it leaves `Awaiting Payment`, whatever moves it (paid, lapsed,
-- cancelled by the shopper, the seller or the sweeper, withdrawn): its units stop counting as held
-- by unpaid checkouts (products.held_unpaid, which place_order bounds; decision 013). The stock
-- itself is returned, or kept for the paid order, by whoever moves it, as before.
-- Rows in product-id order, as place_order takes them, so the two never deadlock.
-- The one source of this function and its triggers, re-applied at the next start whenever this
-- file changes (docs/decisions/038).
CREATE OR REPLACE FUNCTION release_unpaid_hold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_order uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  FOR v_item IN
    SELECT i.product_id, i.quantity FROM order_items i WHERE i.order_id = v_order
      ORDER BY i.product_id
  LOOP
    UPDATE products SET held_unpaid = greatest(held_unpaid - v_item.quantity, 0)
      WHERE id = v_item.product_id;
  END LOOP;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER orders_unpaid_hold_released AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status = 'Awaiting Payment' AND NEW.status <> 'Awaiting Payment')
  EXECUTE FUNCTION release_unpaid_hold();

-- Before the delete, while its items are still there (they go with it).
CREATE OR REPLACE TRIGGER orders_unpaid_hold_deleted BEFORE DELETE ON orders
  FOR EACH ROW WHEN (OLD.status = 'Awaiting Payment')
  EXECUTE FUNCTION release_unpaid_hold();
