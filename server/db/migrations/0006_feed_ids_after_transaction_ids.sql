-- The live order streams and the catalogue's stock feed follow order_events and stock_ledger by id
-- (server/db/change-feed.ts). Ids are taken before commit, so an id can be missing behind a visible
-- one: a transaction still running, or one rolled back that will never fill it. The feed now gives
-- such a gap up once no transaction that could hold the id is still running, instead of after a
-- fixed 5 seconds (which froze every live stream for 5 seconds after a rollback, and lost an event
-- whose transaction took longer than that to commit).
--
-- It tells which transactions could hold the id by their transaction ids: lower than one given
-- out after the fetch that found the gap. That holds only if the writer had its transaction id
-- before it took the row's id. A transaction gets its id at its first write, which for an insert
-- comes just after the column default has taken the row's id (unless nextval logged the sequence,
-- once every 32 values). These defaults ask for the
-- transaction id first (pg_current_xact_id() assigns one if there is none yet), then take the
-- row's id. The sequences stay the columns' own (bigserial); nothing else changes.
ALTER TABLE "order_events" ALTER COLUMN "id"
  SET DEFAULT (CASE WHEN pg_current_xact_id() IS NOT NULL THEN nextval('order_events_id_seq') END);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ALTER COLUMN "id"
  SET DEFAULT (CASE WHEN pg_current_xact_id() IS NOT NULL THEN nextval('stock_ledger_id_seq') END);
