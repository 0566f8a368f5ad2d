-- Second series: when orders were placed, dispatched and delivered (from their history), the
-- stock ledger and its trigger, stock versions for the catalogue cache, catalogue notifications
-- that orders do not send, and order placement as one database function.

UPDATE orders o SET placed_at = coalesce(
    (SELECT min(h.changed_at) FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'Order Placed'),
    o.created_at)
  WHERE o.status <> 'Awaiting Payment' AND (o.payment_type = 'COD' OR o.is_paid);
--> statement-breakpoint
UPDATE orders o SET dispatched_at = (SELECT min(h.changed_at) FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'Out for Delivery'),
    delivered_at = (SELECT min(h.changed_at) FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'Delivered');
--> statement-breakpoint

-- Stock on hand before the ledger existed, so that every product's ledger sums to its stock.
INSERT INTO stock_ledger (product_id, change, stock_after, in_stock_after, stock_version, reason, actor, note)
  SELECT id, stock, stock, in_stock, 0, 'restock', 'system', 'Stock before the ledger began'
  FROM products WHERE stock <> 0;
--> statement-breakpoint

-- A version taken under the row's lock whenever stock or in_stock changes: per product, a higher
-- version is always the newer state.
CREATE SEQUENCE product_stock_version_seq;
--> statement-breakpoint
CREATE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.stock IS DISTINCT FROM OLD.stock OR NEW.in_stock IS DISTINCT FROM OLD.in_stock THEN
    NEW.stock_version := nextval('product_stock_version_seq');
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_stock_version BEFORE INSERT OR UPDATE OF stock, in_stock ON products
  FOR EACH ROW EXECUTE FUNCTION bump_stock_version();
--> statement-breakpoint

-- Every change of stock writes one ledger row in the same transaction. The business action says
-- why with transaction-local settings; a change made without them is recorded as an edit by the
-- system, so nothing is ever missing from the ledger.
CREATE FUNCTION record_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER products_stock_added AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION record_stock_change();
--> statement-breakpoint
CREATE TRIGGER products_stock_changed AFTER UPDATE OF stock ON products
  FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION record_stock_change();
--> statement-breakpoint

-- Catalogue notifications: only what changes a product's listing (a new or deleted product, its
-- text, prices, pictures, or going on or off sale). Stock counts travel through the ledger, so an
-- order that takes stock sends no NOTIFY: a notifying transaction holds PostgreSQL's notification
-- queue lock through its commit, which would serialise every order of a flash sale.
DROP TRIGGER products_catalog_changed ON products;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER products_catalog_added AFTER INSERT OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER UPDATE ON products
  FOR EACH ROW WHEN (
    OLD.in_stock IS DISTINCT FROM NEW.in_stock
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
--> statement-breakpoint

-- The seller's dashboard reads orders by when they were placed, and their items by order: both
-- indexes carry the few columns it adds up, so it reads no table rows (drizzle's schema cannot
-- say INCLUDE; the names are the schema's).
DROP INDEX orders_placed_idx;
--> statement-breakpoint
CREATE INDEX orders_placed_idx ON orders (placed_at) INCLUDE (amount_paise, is_paid, status);
--> statement-breakpoint
DROP INDEX order_items_order_product_key;
--> statement-breakpoint
CREATE UNIQUE INDEX order_items_order_product_key ON order_items (order_id, product_id)
  INCLUDE (quantity, unit_price_paise);
--> statement-breakpoint

-- Placing an order, in one round trip (docs/decisions/011-order-placement-in-the-database.md).
-- The rows other shoppers wait for (products' stock) are taken last, so each is locked only for
-- the end of this function and the commit. Errors carry SQLSTATEs the server maps to answers:
--   GCADR address not the shopper's, GCPRD product unknown or deleted (DETAIL: its id),
--   GCOOS out of stock (DETAIL: product id), GCHLD over the share an unpaid checkout may hold
--   (DETAIL: product id, MESSAGE: units allowed), GCHL2 too many unpaid checkouts,
--   GCPRC a price changed while ordering (the server retries once).
-- Returns the order, whether it was a replay of the same Idempotency-Key, the request hash the key
-- was first used with, and each product's stock after the order (for the catalogue cache).
CREATE FUNCTION place_order(
  p_user_id uuid,
  p_address_id uuid,
  p_items jsonb,
  p_payment_type text,
  p_idempotency_key text,
  p_request_hash text,
  p_hold_minutes integer,
  p_promise_minutes integer,
  p_max_holds integer,
  p_hold_share numeric,
  p_hold_floor integer
) RETURNS TABLE (order_id uuid, replayed boolean, request_hash text, stock jsonb)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_address addresses%ROWTYPE;
  v_order_id uuid;
  v_status text := CASE WHEN p_payment_type = 'COD' THEN 'Order Placed' ELSE 'Awaiting Payment' END;
  v_now timestamptz := now();
  v_check record;
  v_item record;
  v_product record;
  v_taken record;
  v_stock jsonb := '[]'::jsonb;
BEGIN
  IF p_idempotency_key IS NOT NULL THEN
    -- A concurrent twin waits here on the primary key until this transaction ends.
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash)
      VALUES (p_user_id, p_idempotency_key, p_request_hash)
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN QUERY SELECT k.order_id, true, k.request_hash, NULL::jsonb FROM idempotency_keys k
        WHERE k.user_id = p_user_id AND k.key = p_idempotency_key;
      RETURN;
    END IF;
  END IF;

  SELECT * INTO v_address FROM addresses a WHERE a.id = p_address_id AND a.user_id = p_user_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'GCADR', MESSAGE = 'address not found';
  END IF;

  -- Unknown, deleted or sold out already? Say so before writing anything (the stock update below
  -- stays the judge).
  SELECT w.product, p.id IS NULL AS missing INTO v_check
    FROM jsonb_to_recordset(p_items) AS w(product uuid, quantity integer)
    LEFT JOIN products p ON p.id = w.product AND p.deleted_at IS NULL
    WHERE p.id IS NULL OR NOT p.in_stock OR p.stock < w.quantity
    ORDER BY (p.id IS NULL) DESC LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = CASE WHEN v_check.missing THEN 'GCPRD' ELSE 'GCOOS' END,
      MESSAGE = CASE WHEN v_check.missing THEN 'product not found' ELSE 'out of stock' END,
      DETAIL = v_check.product::text;
  END IF;

  IF p_payment_type = 'Online' THEN
    -- One shopper's checkouts one at a time, so the count below cannot be raced past.
    PERFORM 1 FROM users u WHERE u.id = p_user_id FOR UPDATE;
    IF (SELECT count(*) FROM orders o WHERE o.user_id = p_user_id AND o.status = 'Awaiting Payment') >= p_max_holds THEN
      RAISE EXCEPTION USING ERRCODE = 'GCHL2', MESSAGE = 'too many unpaid checkouts';
    END IF;
  END IF;

  -- The order, its item snapshots and its amount from one reading of the products.
  WITH wanted AS (
    SELECT w.product, w.quantity, p.name, p.category, p.images, p.price_paise,
           p.offer_price_paise, p.weight
      FROM jsonb_to_recordset(p_items) AS w(product uuid, quantity integer)
      JOIN products p ON p.id = w.product
  ), placed AS (
    INSERT INTO orders (user_id, address, address_id, amount_paise, payment_type, status, is_paid,
                        payment_expires_at, placed_at, deliver_by, created_at, updated_at)
    SELECT p_user_id,
           jsonb_build_object('_id', v_address.id, 'firstName', v_address.first_name,
             'lastName', v_address.last_name, 'email', v_address.email, 'street', v_address.street,
             'city', v_address.city, 'state', v_address.state, 'zipcode', v_address.zipcode,
             'country', v_address.country, 'phone', v_address.phone),
           v_address.id,
           (SELECT sum(offer_price_paise * quantity) FROM wanted),
           p_payment_type, v_status, false,
           CASE WHEN p_payment_type = 'Online' THEN v_now + make_interval(mins => p_hold_minutes) END,
           CASE WHEN p_payment_type = 'COD' THEN v_now END,
           v_now + make_interval(mins => p_promise_minutes),
           v_now, v_now
    RETURNING id
  ), lines AS (
    INSERT INTO order_items (order_id, product_id, quantity, unit_price_paise, product)
    SELECT placed.id, wanted.product, wanted.quantity, wanted.offer_price_paise,
           jsonb_strip_nulls(jsonb_build_object('_id', wanted.product, 'name', wanted.name,
             'category', wanted.category, 'image', wanted.images,
             'price', wanted.price_paise / 100.0, 'offerPrice', wanted.offer_price_paise / 100.0,
             'weight', wanted.weight))
      FROM placed, wanted
    RETURNING 1
  )
  SELECT placed.id INTO v_order_id FROM placed;

  INSERT INTO order_status_history (order_id, from_status, to_status, actor)
    VALUES (v_order_id, NULL, v_status, 'shopper');

  IF p_payment_type = 'COD' THEN
    -- (No write when the saved cart is already empty.)
    UPDATE users SET cart_items = '{}'::jsonb, updated_at = v_now
      WHERE id = p_user_id AND cart_items <> '{}'::jsonb;
  END IF;

  IF p_idempotency_key IS NOT NULL THEN
    UPDATE idempotency_keys SET order_id = v_order_id
      WHERE user_id = p_user_id AND key = p_idempotency_key;
  END IF;

  -- Last: take the stock, rows in product-id order (as cancellations return it) so that two
  -- multi-product orders never deadlock. Each update re-checks what the reads above assumed.
  PERFORM set_config('greencart.stock_reason', 'order', true),
          set_config('greencart.stock_order', v_order_id::text, true),
          set_config('greencart.actor', 'shopper', true),
          set_config('greencart.stock_note', '', true);
  FOR v_item IN
    SELECT i.product_id, i.quantity, i.unit_price_paise FROM order_items i
      WHERE i.order_id = v_order_id ORDER BY i.product_id
  LOOP
    UPDATE products SET stock = stock - v_item.quantity,
                        in_stock = stock - v_item.quantity > 0,
                        updated_at = v_now
      WHERE id = v_item.product_id AND deleted_at IS NULL AND in_stock
        AND stock >= v_item.quantity
        AND offer_price_paise = v_item.unit_price_paise
        AND (p_payment_type = 'COD' OR v_item.quantity <= greatest(p_hold_floor, ceil(stock * p_hold_share)))
      RETURNING id, stock, in_stock, stock_version, updated_at INTO v_taken;
    IF NOT FOUND THEN
      SELECT p.stock, p.in_stock, p.deleted_at, p.offer_price_paise INTO v_product
        FROM products p WHERE p.id = v_item.product_id;
      IF v_product.deleted_at IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'GCPRD', MESSAGE = 'product not found', DETAIL = v_item.product_id::text;
      ELSIF NOT v_product.in_stock OR v_product.stock < v_item.quantity THEN
        RAISE EXCEPTION USING ERRCODE = 'GCOOS', MESSAGE = 'out of stock', DETAIL = v_item.product_id::text;
      ELSIF v_product.offer_price_paise <> v_item.unit_price_paise THEN
        RAISE EXCEPTION USING ERRCODE = 'GCPRC', MESSAGE = 'price changed', DETAIL = v_item.product_id::text;
      ELSE
        RAISE EXCEPTION USING ERRCODE = 'GCHLD',
          MESSAGE = greatest(p_hold_floor, ceil(v_product.stock * p_hold_share))::text,
          DETAIL = v_item.product_id::text;
      END IF;
    END IF;
    v_stock := v_stock || jsonb_build_object('id', v_taken.id, 'stock', v_taken.stock,
      'inStock', v_taken.in_stock, 'version', v_taken.stock_version, 'at', v_taken.updated_at);
  END LOOP;

  INSERT INTO order_events (order_id, user_id, status) VALUES (v_order_id, p_user_id, v_status);

  RETURN QUERY SELECT v_order_id, false, p_request_hash, v_stock;
END;
$$;
