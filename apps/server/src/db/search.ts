/**
 * An ILIKE pattern for "contains `text`": the wildcards `%` and `_` (and the escape `\`) typed by a user
 * match themselves. The trigram indexes (pg_trgm, gin_trgm_ops) serve these patterns.
 *
 * @example
 * ilike(units.name, containsPattern('100%')) // matches names containing "100%"
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
