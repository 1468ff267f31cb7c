import { inArray } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { isTemporaryKey, type FileStore } from './store.ts'
import { files } from './tables.ts'

const BATCH = 500

/**
 * Removes stored bytes that no file row points at: what a process left when it died between storing a
 * file and committing the row (decisions.md "Crash safety"), and temporary files of interrupted writes.
 * Only objects last written before `before` are considered, so a file another live process is about to
 * record is left alone.
 */
export async function sweepOrphanFiles(options: { db: Database; store: FileStore; before: Date }): Promise<{ removed: number }> {
  let removed = 0
  let batch: string[] = []
  const flush = async () => {
    const known = await options.db.select({ key: files.storageKey }).from(files).where(inArray(files.storageKey, batch))
    const recorded = new Set(known.map((row) => row.key))
    for (const key of batch) {
      if (recorded.has(key)) continue
      await options.store.remove(key)
      removed++
    }
    batch = []
  }
  for await (const object of options.store.list()) {
    if (object.modifiedAt >= options.before) continue
    if (isTemporaryKey(object.key)) {
      await options.store.remove(object.key)
      removed++
      continue
    }
    batch.push(object.key)
    if (batch.length === BATCH) await flush()
  }
  if (batch.length > 0) await flush()
  return { removed }
}
