import { and, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm'

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
