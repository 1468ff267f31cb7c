import { and, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Database } from './client.ts'

/**
 * An ILIKE pattern for "contains `text`": the wildcards `%` and `_` (and the escape `\`) typed by a user
 * match themselves.
 *
 * @example
 * ilike(units.name, containsPattern('100%')) // matches names containing "100%"
 */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`
/** A LIKE pattern for values starting with `text` (name suggestions). */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The column's text with every character written three times, as the contains-search indexes hold it:
 * pg_trgm takes no trigram from a pattern shorter than three characters, and a Chinese keyword is mostly
 * one or two, so the plain column's trigram index would read the whole seal. Tripled, any keyword of one
 * character or more has trigrams. Index and query must spell this expression the same way.
 */
export const tripled = (column: AnyColumn | SQL) => sql`regexp_replace(${column}, '(.)', '\\1\\1\\1', 'g')`

/**
 * "`column` contains `text`" (case-insensitive) in a form the column's tripled trigram index serves:
 * the tripled test finds the candidates, the plain one is the exact rule.
 */
export function containsText(column: AnyColumn | SQL, text: string): SQL {
  const tripledText = text.replace(/./gsu, (c) => c.repeat(3))
  return and(sql`${tripled(column)} ilike ${containsPattern(tripledText)}`, ilike(column, containsPattern(text)))!
}

/**
 * How deep a list walks its own order before it falls back to its filter's candidates (`firstHits`). With
 * a page of 21, a search matching one row in a hundred or more is answered within the walk; one rarer than
 * that has few enough candidates for its index to fetch and sort them all.
 */
export const WALK_ROWS = 2_000

/**
 * The first `limit` ids of a list whose filter may be common, found by walking the list in its own order
 * and stopping at the `limit`th match, instead of fetching every candidate of the filter's index and
 * sorting them (what PostgreSQL does for a contains-search: slow for a word one row in eight carries).
 *
 * `walk` selects `id`, `hit` (whether the row matches: a cheap per-row test, e.g. a correlated lookup by
 * primary key) and the order's columns, in list order, limited to WALK_ROWS; `order` is that order again
 * over those columns (it is already the subquery's, so nothing is sorted). The answer is the ids in order
 * when the walk found `limit` matches, else null: the caller then runs its candidates' query, which is fast
 * exactly then, since a filter rarer than 1 in WALK_ROWS / limit has few candidates. The page is exact
 * either way.
 *
 * @example
 * const ids = await firstHits(db, { walk: sql`select id, created_at, (name = ${name}) as hit from … order by created_at desc, id desc limit ${WALK_ROWS}`, order: sql`w.created_at desc, w.id desc`, limit: 21 })
 */
export async function firstHits(
  db: Database,
  options: { walk: SQL; order: SQL; limit: number },
): Promise<string[] | null> {
  const result = (await db.execute(
    sql`select w.id from (${options.walk}) w where w.hit order by ${options.order} limit ${options.limit}`,
  )) as unknown as { rows: { id: string }[] }
  return result.rows.length >= options.limit ? result.rows.map((row) => row.id) : null
}
