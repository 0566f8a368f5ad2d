import { sql, type SQL } from "drizzle-orm";
import { products } from "../../db/schema";

/** At most this many words of a search find products; further words only count in the order. */
const MAX_FINDING_WORDS = 8;
/**
 * Shorter words cannot use the trigram index (it needs 3 letters) nor have typos: they find names
 * with a word starting with them, and only when the search has no longer word.
 */
const MIN_FINDING_LETTERS = 3;

/** A search as the list call reads it (`q`). */
export interface Search {
  /** The text in lower case, its spaces collapsed: what an exact name or a name's start is. */
  text: string;
  /**
   * Distinct words (letters and digits) that find products: those of 3 letters or more, or if
   * there are none, the shorter ones. No words (only signs, "%"): names containing the text.
   */
  finding: string[];
  /** The other words: a name with them comes before one without. */
  ordering: string[];
}

const letters = (word: string) => [...word].length;

export function parseSearch(q: string): Search {
  const text = q.toLowerCase().replace(/\s+/gu, " ").trim();
  const words = [...new Set(text.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean))];
  const long = words.filter((word) => letters(word) >= MIN_FINDING_LETTERS);
  const finding = (long.length ? long : words).slice(0, MAX_FINDING_WORDS);
  return { text, finding, ordering: words.filter((word) => !finding.includes(word)) };
}

/**
 * The keys (as product_name_keys gives a name's: server/db/functions/product_name_keys.sql) that a
 * name's word shares with `word` when it is `word` with one letter missing ("mlk": milk), one
 * extra ("milkk": milk, and "bred": red), one wrong ("mulk": milk) or two neighbours swapped
 * ("mlik": milk), the longer of the two having 4 letters or more. None for words under 3 letters
 * or with a digit.
 */
export function searchKeys(word: string): string[] {
  const chars = [...word];
  const n = chars.length;
  // "500g" a typo of "100g"? Words with a digit are found as typed (none of a name's have keys).
  if (n < MIN_FINDING_LETTERS || /[0-9]/.test(word)) return [];
  // The name's word with its letter at `place` left out is this word: this one misses it.
  const keys = Array.from({ length: n + 1 }, (_, i) => `${word}:${i + 1}`);
  if (n < 4) return keys;
  for (let i = 1; i <= n; i++) {
    const without = [...chars.slice(0, i - 1), ...chars.slice(i)].join("");
    // The name's word itself: this one has a letter too many.
    keys.push(without);
    // The name's word without the letter at the same place (one wrong) or next to it (swapped).
    for (const place of [i - 1, i, i + 1])
      if (place >= 1 && place <= n) keys.push(`${without}:${place}`);
  }
  return [...new Set(keys)];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A regular expression for `word` at the start of a word of the name. */
const atWordStart = (word: string) => `(^|[^[:alnum:]])${escapeRegex(word)}`;

const lowerName = sql`lower(${products.name})`;

/** Products within `where` that `found` finds, as rows of a word's hits (hitsOf). */
const hit = (where: SQL, found: SQL, strong: SQL, closeness: SQL) =>
  sql`select ${products.id} as id, ${products.name} as name, ${strong} as strong,
    ${closeness}::real as closeness from ${products} where ${where} and ${found}`;

/**
 * The products (within `where`) that one word finds: names containing it; if no name does, names
 * with a word one typo away (sharing a key, product_name_keys.sql), as "milk" lists milk, not
 * silk, and "mlik" lists milk. Each row: the product, whether the word starts one of its words (a
 * typo counts as one), and how close the name is (1 for the word itself, else pg_trgm's strict word
 * similarity). A word under 3 letters finds names with a word starting with it.
 */
function hitsOf(where: SQL, word: string): SQL {
  const atStart = sql`${lowerName} ~ ${atWordStart(word)}`;
  if (letters(word) < MIN_FINDING_LETTERS) return hit(where, atStart, sql`true`, sql`1`);
  const contains = sql`${lowerName} like ${`%${escapeLike(word)}%`}`;
  const found = hit(where, contains, atStart, sql`1`);
  const keys = searchKeys(word).map((key) => sql`${key}`);
  if (keys.length === 0) return found;
  // Without statistics (PGlite's until the store's upkeep first analyses the table, decision
  // 035) the planner takes `deleted_at is null` for a rare case and, rather than use this index,
  // reads every product through another one, computing each name's keys. So the index finds the
  // typos in a subquery planned on its own (OFFSET 0), and each is then read by id.
  const typos = sql`select ${products.id} as id from ${products}
    where product_name_keys(${products.name}) && array[${sql.join(keys, sql`, `)}]::text[]
    offset 0`;
  const product = sql`select ${products.id}, ${products.name} from ${products}
    where ${products.id} = typo.id and ${where} offset 0`;
  return sql`${found} union all
    select typo_product.id, typo_product.name, true,
      strict_word_similarity(${word}, lower(typo_product.name))::real
    from (${typos}) as typo cross join lateral (${product}) as typo_product
    where not exists (select 1 from ${products} where ${where} and ${contains})`;
}

/**
 * The order of a search's products, by columns of `rankedSearch` (named `ranked`): the exact name,
 * then names starting with the text, then by how many of the words a name has, how many of them
 * start one of its words ("amul milk": Amul Taaza Toned Milk before Amul Masti Buttermilk), whether
 * it has the text as typed, how close its typos are, and then by name and id, so that pages by
 * offset never repeat or skip a product.
 */
export const searchOrder = [
  sql`ranked.exact desc`,
  sql`ranked.prefix desc`,
  sql`ranked.matched desc`,
  sql`ranked.strong desc`,
  sql`ranked.phrase desc`,
  sql`ranked.closeness desc`,
  sql`ranked.name`,
  sql`ranked.id`,
];

/** The products the search finds within `where`: a row per word that finds one (hitsOf). */
function searchHits(where: SQL, search: Search): SQL {
  if (search.finding.length === 0)
    return hit(where, sql`${lowerName} like ${`%${escapeLike(search.text)}%`}`, sql`false`, sql`1`);
  return sql.join(
    search.finding.map((word) => hitsOf(where, word)),
    sql` union all `,
  );
}

/**
 * A subquery (to be named `ranked`) of the ids of the products found by the search within `where`,
 * in `searchOrder`, `page` of them. Every word finds its products through an index (the trigram
 * index for containing it, the keys index for typos), so only the products found are ranked.
 */
export function rankedSearch(
  where: SQL,
  search: Search,
  page?: { limit: number; offset: number },
): SQL {
  const name = sql`lower(name)`;
  const contains = (text: string) => sql`${name} like ${`%${escapeLike(text)}%`}`;
  const startsAWord = (word: string) => sql`${name} ~ ${atWordStart(word)}`;
  // As a word finds names (hitsOf), short ones at a word's start.
  const has = (word: string) =>
    letters(word) < MIN_FINDING_LETTERS ? startsAWord(word) : contains(word);
  const hits = searchHits(where, search);
  // Each word's products, a product once with how many words found it (one word: no need).
  const found =
    search.finding.length > 1
      ? sql`select id, name, count(*) as matched, count(*) filter (where strong) as strong,
          sum(closeness) as closeness
        from (${hits}) as hit group by id, name`
      : sql`select id, name, 1 as matched, strong::int as strong, closeness from (${hits}) as hit`;
  const also = (test: (word: string) => SQL) =>
    sql.join([sql`0`, ...search.ordering.map((word) => sql`(${test(word)})::int`)], sql` + `);
  const ranked = sql`select id, name,
      ${name} = ${search.text} as exact,
      ${name} like ${`${escapeLike(search.text)}%`} as prefix,
      matched + ${also(has)} as matched,
      strong + ${also(startsAWord)} as strong,
      ${contains(search.text)} as phrase,
      closeness
    from (${found}) as found`;
  return sql`select * from (${ranked}) as ranked order by ${sql.join(searchOrder, sql`, `)}${
    page ? sql` limit ${page.limit} offset ${page.offset}` : sql``
  }`;
}

/**
 * A query of how many products the search finds within `where`: as many as `rankedSearch` lists
 * without a page. Whether a word's typos count is decided within `where` (hitsOf), so a count
 * under other filters is a search of its own, not a part of this one.
 */
export function searchCount(where: SQL, search: Search): SQL {
  return sql`select count(distinct id) from (${searchHits(where, search)}) as hit`;
}
