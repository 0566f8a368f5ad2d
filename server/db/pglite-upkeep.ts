import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./database";

/**
 * What autovacuum does on a PostgreSQL server, done for the embedded database, which has no
 * background workers (docs/decisions/035): statistics for the planner (ANALYZE) and dead row
 * versions cleared (VACUUM), table by table, once a table has changed as much as autovacuum's
 * default thresholds ask. Without statistics PGlite's planner guessed, and with 100,000 orders the
 * seller's order history took 1.1 s instead of 33 ms and a month's export 90 s instead of 4.
 */

/** A table's state as PostgreSQL keeps it. */
export interface TableState {
  table: string;
  /** Rows at its last ANALYZE or VACUUM; -1 if it has had neither. */
  rowsThen: number;
  /** Pages at its last ANALYZE or VACUUM, and now. */
  pagesThen: number;
  pagesNow: number;
  hasStatistics: boolean;
  /** Counted since this process started (PGlite keeps no counts across starts) or the last run. */
  modifiedSinceAnalyze: number;
  deadRows: number;
  insertedSinceVacuum: number;
}

export type Upkeep = "analyze" | "vacuum" | "vacuum (analyze)";

/**
 * What a table needs now, by autovacuum's defaults: ANALYZE after 50 + 10% of its rows changed,
 * VACUUM after 50 + 20% of them died or 1,000 + 20% were added. What changed before this process
 * started shows as growth: a table 10% (and 8 pages) larger than at its last upkeep has both.
 */
export function upkeepOf(state: TableState): Upkeep | null {
  const rows = Math.max(state.rowsThen, 0);
  if (state.pagesNow === 0) return null;
  const grown = state.pagesNow > state.pagesThen * 1.1 + 8;
  const analyze =
    grown ||
    state.rowsThen < 0 ||
    (!state.hasStatistics && state.rowsThen > 0) ||
    state.modifiedSinceAnalyze > 50 + 0.1 * rows;
  const vacuum =
    grown || state.deadRows > 50 + 0.2 * rows || state.insertedSinceVacuum > 1000 + 0.2 * rows;
  if (vacuum && analyze) return "vacuum (analyze)";
  return vacuum ? "vacuum" : analyze ? "analyze" : null;
}

/** The state of every table of the store's schema. */
export async function tableStates(db: Db): Promise<TableState[]> {
  // The counts a session keeps reach the shared view once it has been idle a second, or now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = await queryRows<{
    table: string;
    rows_then: number;
    pages_then: number;
    pages_now: number;
    has_statistics: boolean;
    modified: string;
    dead: string;
    inserted: string;
  }>(
    db,
    sql`select c.relname as table, c.reltuples::float8 as rows_then, c.relpages as pages_then,
               (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages_now,
               exists (select 1 from pg_statistic st where st.starelid = c.oid) as has_statistics,
               coalesce(s.n_mod_since_analyze, 0)::text as modified,
               coalesce(s.n_dead_tup, 0)::text as dead,
               coalesce(s.n_ins_since_vacuum, 0)::text as inserted
          from pg_class c
          left join pg_stat_user_tables s on s.relid = c.oid
         where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
         order by c.relname`,
  );
  return rows.map((r) => ({
    table: r.table,
    rowsThen: Number(r.rows_then),
    pagesThen: Number(r.pages_then),
    pagesNow: Number(r.pages_now),
    hasStatistics: r.has_statistics,
    modifiedSinceAnalyze: Number(r.modified),
    deadRows: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
  }));
}

/** Runs what each table needs now, one table at a time; answers what it ran. */
export async function upkeepTables(db: Db): Promise<string[]> {
  const ran: string[] = [];
  for (const state of await tableStates(db)) {
    const upkeep = upkeepOf(state);
    if (!upkeep) continue;
    const statement = `${upkeep} "${state.table.replaceAll('"', '""')}"`;
    await db.execute(sql.raw(statement));
    ran.push(statement);
  }
  return ran;
}
