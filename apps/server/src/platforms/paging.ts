/**
 * One page of a keyset-paged list, from `limit + 1` rows read: the page, and the cursor of the next page
 * only when there is one, so the last page (full or not) ends with `nextAfter: null` and never points
 * at an empty page.
 *
 * @example
 * const rows = await listPlatforms(db, { afterId, limit: limit + 1 })
 * const { items, nextAfter } = keysetPage(rows, limit, (p) => p.id)
 */
export function keysetPage<T>(rows: T[], limit: number, cursorOf: (row: T) => string): { items: T[]; nextAfter: string | null } {
  const items = rows.slice(0, limit)
  return { items, nextAfter: rows.length > limit ? cursorOf(items.at(-1)!) : null }
}
