import { Readable } from 'node:stream'

/** Rows fetched per query while an export streams: each batch is one keyset page of the list's own query. */
export const EXPORT_BATCH_ROWS = 1000

export type CsvColumn<T> = { title: string; value: (row: T) => string | number | null | undefined }

/**
 * One CSV cell. Quoted when it holds a comma, quote or line break; a text starting with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe, so Excel never runs it as a formula (CSV injection).
 *
 * @example
 * csvCell('=1+1') // "'=1+1"
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A CSV export streamed batch by batch: UTF-8 with a byte-order mark (Excel then reads Chinese), a title row,
 * then the rows `batches` yields, at most `maxRows`; past it a last line says the export was cut.
 */
export function csvStream<T>(options: {
  columns: CsvColumn<T>[]
  batches: AsyncIterable<T[]>
  maxRows: number
  cutNote: string
}): Readable {
  const { columns, batches, maxRows, cutNote } = options
  const line = (cells: string[]) => `${cells.join(',')}\r\n`
  async function* lines() {
    yield `\uFEFF${line(columns.map((column) => csvCell(column.title)))}`
    let written = 0
    for await (const batch of batches) {
      const room = maxRows - written
      const rows = batch.slice(0, room)
      if (rows.length > 0)
        yield rows.map((row) => line(columns.map((column) => csvCell(column.value(row))))).join('')
      written += rows.length
      if (batch.length > room) {
        yield line([csvCell(cutNote)])
        return
      }
    }
  }
  return Readable.from(lines())
}

/**
 * The pages of a keyset-paged list, one batch at a time, until `limit` rows (one more than that is asked for,
 * so the caller knows whether the export was cut).
 */
export async function* keysetBatches<T extends { id: string }>(
  fetch: (lastId: string | undefined, size: number) => Promise<T[]>,
  limit: number,
): AsyncGenerator<T[]> {
  let lastId: string | undefined
  let fetched = 0
  while (fetched <= limit) {
    const size = Math.min(EXPORT_BATCH_ROWS, limit + 1 - fetched)
    const rows = await fetch(lastId, size)
    if (rows.length === 0) return
    fetched += rows.length
    yield rows
    if (rows.length < size) return
    lastId = rows.at(-1)!.id
  }
}

/**
 * The batches with the first one already fetched: a query the database refuses (a NUL byte in a filter) then
 * fails before the answer starts, and is answered like any refused input instead of a CSV cut short.
 */
export async function firstBatchFetched<T>(batches: AsyncGenerator<T[]>): Promise<AsyncIterable<T[]>> {
  const first = await batches.next()
  return (async function* () {
    if (first.done) return
    yield first.value
    yield* batches
  })()
}

/** The Content-Disposition of a download named in Chinese, with an ASCII fallback. */
export const attachment = (asciiName: string, name: string) =>
  `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`
