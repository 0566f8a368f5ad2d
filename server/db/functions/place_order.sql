-- Placing an order, in one round trip (docs/decisions/011-order-placement-in-the-database.md).
-- The one source of this function: re-applied at the next start whenever this file changes
-- (server/db/sql-functions.ts, docs/decisions/038-sql-functions-in-one-file.md). Its history
-- is in migrations 0003 (first version), 0004 (products read by primary key, decision 018),
-- 0005 (refusals name the product) and 0008 (a price not shown is refused, decision 027).
--
-- The rows other shoppers wait for (products' stock) are taken last, so each is locked only for
-- the end of this function and the commit. Errors carry SQLSTATEs the server maps to answers
-- (server/modules/orders/order-placement.ts):
--   GCADR address not the shopper's, GCPRD product unknown or deleted (DETAIL: its id),
--   GCOOS out of stock (DETAIL: product id; HINT: {"name", "stock", "inStock"} as read under the
--   lock that refused it), GCHLD over the share one unpaid checkout may hold (DETAIL: product id,
--   MESSAGE: units allowed, HINT as GCOOS), GCHLT over the share all unpaid checkouts together
--   may hold (MESSAGE: units still free for them, DETAIL and HINT as GCHLD), GCHL2 too many
--   unpaid checkouts of the shopper's, GCHL3 too many from the checkout's network,
--   GCSHN an item's `shown` price is not the product's offer price now (DETAIL: product id, HINT:
--   {"name", "offerPrice"}), GCPRC a price changed while ordering (the server retries once).
-- Each item may carry `shown`, the offer price in paise the shopper saw in their cart; items
-- without it are priced as they are.
-- The fees come priced by the server (contract/pricing.ts, the one pricing function, from the
-- items' total the caller expects: p_items_total): the order is refused (GCPRC, the server
-- prices again once) if its items come to anything else under the lock, so amount = items +
-- fees is exactly what the shopper was quoted. Its promise (deliver_by) counts from
-- p_deliver_from (the shop's next opening when it is closed), else from now.
-- Returns the order, whether it was a replay of the same Idempotency-Key, the request hash the key
-- was first used with, and each product's stock after the order (for the catalogue cache).
-- Changing the arguments or the returned columns makes another function beside this one: drop
-- the old one in a numbered migration (decision 038).
CREATE OR REPLACE FUNCTION place_order(
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
  p_hold_floor integer,
  p_client_network text,
  p_max_network_holds integer,
  p_total_hold_share numeric,
  p_items_total bigint,
  p_delivery_fee_paise integer,
  p_small_cart_fee_paise integer,
  p_deliver_from timestamptz
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

  -- Unknown, deleted, repriced since the shopper saw it, or sold out already? Say so before writing
  -- anything (the stock update below stays the judge).
  SELECT w.product, p.id IS NULL AS missing, p.name, p.stock, p.in_stock, p.offer_price_paise,
         (NOT p.in_stock OR p.stock < w.quantity) AS short INTO v_check
    FROM jsonb_to_recordset(p_items) AS w(product uuid, quantity integer, shown bigint)
    LEFT JOIN LATERAL (
      SELECT p.id, p.name, p.in_stock, p.stock, p.offer_price_paise FROM products p
        WHERE p.id = w.product AND p.deleted_at IS NULL LIMIT 1
    ) p ON true
    WHERE p.id IS NULL OR NOT p.in_stock OR p.stock < w.quantity
       OR (w.shown IS NOT NULL AND p.offer_price_paise <> w.shown)
    -- Gone first, then sold out, then repriced: a repriced item that is also sold out says so.
    ORDER BY (p.id IS NULL) DESC, (NOT p.in_stock OR p.stock < w.quantity) DESC LIMIT 1;
  IF FOUND AND v_check.missing THEN
    RAISE EXCEPTION USING ERRCODE = 'GCPRD', MESSAGE = 'product not found',
      DETAIL = v_check.product::text;
  ELSIF FOUND AND NOT v_check.short THEN
    RAISE EXCEPTION USING ERRCODE = 'GCSHN', MESSAGE = 'price not the one shown',
      DETAIL = v_check.product::text,
      HINT = json_build_object('name', v_check.name,
        'offerPrice', v_check.offer_price_paise / 100.0)::text;
  ELSIF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'GCOOS', MESSAGE = 'out of stock',
      DETAIL = v_check.product::text,
      HINT = json_build_object('name', v_check.name, 'stock', v_check.stock,
        'inStock', v_check.in_stock)::text;
  END IF;

  IF p_payment_type = 'Online' THEN
    -- One shopper's checkouts one at a time, so the count below cannot be raced past.
    PERFORM 1 FROM users u WHERE u.id = p_user_id FOR UPDATE;
    IF (SELECT count(*) FROM orders o WHERE o.user_id = p_user_id AND o.status = 'Awaiting Payment') >= p_max_holds THEN
      RAISE EXCEPTION USING ERRCODE = 'GCHL2', MESSAGE = 'too many unpaid checkouts';
    END IF;
    -- A network's checkouts (many accounts behind one address) one at a time too.
    IF p_client_network IS NOT NULL THEN
      PERFORM pg_advisory_xact_lock(hashtext('unpaid-checkouts:' || p_client_network));
      IF (SELECT count(*) FROM orders o WHERE o.client_network = p_client_network
            AND o.status = 'Awaiting Payment') >= p_max_network_holds THEN
        RAISE EXCEPTION USING ERRCODE = 'GCHL3', MESSAGE = 'too many unpaid checkouts from one network';
      END IF;
    END IF;
  END IF;

  -- The order, its item snapshots and its amount from one reading of the products.
  WITH wanted AS (
    SELECT w.product, w.quantity, p.name, p.category, p.images, p.price_paise,
           p.offer_price_paise, p.weight
      FROM jsonb_to_recordset(p_items) AS w(product uuid, quantity integer)
      CROSS JOIN LATERAL (SELECT p.* FROM products p WHERE p.id = w.product LIMIT 1) p
  ), placed AS (
    INSERT INTO orders (user_id, address, address_id, amount_paise, items_total_paise,
                        delivery_fee_paise, small_cart_fee_paise, payment_type, status, is_paid,
                        client_network, payment_expires_at, placed_at, deliver_by, created_at,
                        updated_at)
    SELECT p_user_id,
           jsonb_build_object('_id', v_address.id, 'firstName', v_address.first_name,
             'lastName', v_address.last_name, 'email', v_address.email, 'street', v_address.street,
             'city', v_address.city, 'state', v_address.state, 'zipcode', v_address.zipcode,
             'country', v_address.country, 'phone', v_address.phone),
           v_address.id,
           (SELECT sum(offer_price_paise * quantity) FROM wanted)
             + p_delivery_fee_paise + p_small_cart_fee_paise,
           (SELECT sum(offer_price_paise * quantity) FROM wanted),
           p_delivery_fee_paise, p_small_cart_fee_paise,
           p_payment_type, v_status, false,
           CASE WHEN p_payment_type = 'Online' THEN p_client_network END,
           CASE WHEN p_payment_type = 'Online' THEN v_now + make_interval(mins => p_hold_minutes) END,
           CASE WHEN p_payment_type = 'COD' THEN v_now END,
           coalesce(p_deliver_from, v_now) + make_interval(mins => p_promise_minutes),
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

  -- Priced from other prices than these (a price changed since the caller read it): refused, and
  -- the server prices the order again.
  IF p_items_total IS NOT NULL
     AND (SELECT o.items_total_paise FROM orders o WHERE o.id = v_order_id) <> p_items_total THEN
    RAISE EXCEPTION USING ERRCODE = 'GCPRC', MESSAGE = 'items total changed';
  END IF;

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
    SELECT i.product_id, i.quantity, i.unit_price_paise, w.shown FROM order_items i
      LEFT JOIN jsonb_to_recordset(p_items) AS w(product uuid, shown bigint)
        ON w.product = i.product_id
      WHERE i.order_id = v_order_id ORDER BY i.product_id
  LOOP
    -- The items were priced by a later statement than the check above: a price committed in
    -- between (while this order waited for the shopper's row, say) is refused here, and the
    -- store's retry meets the check above.
    IF v_item.shown IS NOT NULL AND v_item.shown <> v_item.unit_price_paise THEN
      RAISE EXCEPTION USING ERRCODE = 'GCPRC', MESSAGE = 'price changed',
        DETAIL = v_item.product_id::text;
    END IF;
    -- An online order's units count as held by unpaid checkouts until it leaves Awaiting Payment
    -- (release_unpaid_hold.sql); together those may hold at most p_total_hold_share of the
    -- product's units (on hand and held), one unit at least, so a handful of accounts cannot
    -- hold a sale's whole stock (decision 013).
    UPDATE products SET stock = stock - v_item.quantity,
                        in_stock = stock - v_item.quantity > 0,
                        held_unpaid = held_unpaid
                          + CASE WHEN p_payment_type = 'Online' THEN v_item.quantity ELSE 0 END,
                        updated_at = v_now
      WHERE id = v_item.product_id AND deleted_at IS NULL AND in_stock
        AND stock >= v_item.quantity
        AND offer_price_paise = v_item.unit_price_paise
        AND (p_payment_type = 'COD' OR (
          v_item.quantity <= greatest(p_hold_floor, ceil(stock * p_hold_share))
          AND held_unpaid + v_item.quantity
            <= greatest(1, floor((stock + held_unpaid) * p_total_hold_share))))
      RETURNING id, stock, in_stock, stock_version, updated_at INTO v_taken;
    IF NOT FOUND THEN
      SELECT p.name, p.stock, p.held_unpaid, p.in_stock, p.deleted_at, p.offer_price_paise
        INTO v_product FROM products p WHERE p.id = v_item.product_id;
      IF v_product.deleted_at IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'GCPRD', MESSAGE = 'product not found', DETAIL = v_item.product_id::text;
      ELSIF NOT v_product.in_stock OR v_product.stock < v_item.quantity THEN
        RAISE EXCEPTION USING ERRCODE = 'GCOOS', MESSAGE = 'out of stock', DETAIL = v_item.product_id::text,
          HINT = json_build_object('name', v_product.name, 'stock', v_product.stock,
            'inStock', v_product.in_stock)::text;
      ELSIF v_product.offer_price_paise <> v_item.unit_price_paise THEN
        RAISE EXCEPTION USING ERRCODE = 'GCPRC', MESSAGE = 'price changed', DETAIL = v_item.product_id::text;
      ELSIF v_item.quantity <= greatest(p_hold_floor, ceil(v_product.stock * p_hold_share)) THEN
        RAISE EXCEPTION USING ERRCODE = 'GCHLT',
          MESSAGE = greatest(0, greatest(1, floor((v_product.stock + v_product.held_unpaid)
            * p_total_hold_share)) - v_product.held_unpaid)::text,
          DETAIL = v_item.product_id::text,
          HINT = json_build_object('name', v_product.name, 'stock', v_product.stock,
            'inStock', v_product.in_stock)::text;
      ELSE
        RAISE EXCEPTION USING ERRCODE = 'GCHLD',
          MESSAGE = greatest(p_hold_floor, ceil(v_product.stock * p_hold_share))::text,
          DETAIL = v_item.product_id::text,
          HINT = json_build_object('name', v_product.name, 'stock', v_product.stock,
            'inStock', v_product.in_stock)::text;
      END IF;
    END IF;
    v_stock := v_stock || jsonb_build_object('id', v_taken.id, 'stock', v_taken.stock,
      'inStock', v_taken.in_stock, 'version', v_taken.stock_version, 'at', v_taken.updated_at);
  END LOOP;

  INSERT INTO order_events (order_id, user_id, status) VALUES (v_order_id, p_user_id, v_status);

  RETURN QUERY SELECT v_order_id, false, p_request_hash, v_stock;
END;
$$;
