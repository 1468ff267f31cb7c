import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'

// PGlite on a data folder (what `npm start` uses): a new folder is initialised in a child process.
describe.runIf(process.env.TEST_DATABASE !== 'postgres')('PGlite data folder', () => {
  it('creates a new folder, migrates it, keeps its rows across a restart, with the small buffer pool', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seal-pglite-'))
    try {
      const first = await openDatabase({ dataDir })
      await first.db.execute(sql`insert into config_entries (scope, key, value) values ('global', 'supportPhone', '"400-123-4567"')`)
      await first.close()

      const again = await openDatabase({ dataDir })
      const result = (await again.db.execute(sql`select value from config_entries where key = 'supportPhone'`)) as unknown as { rows: { value: string }[] }
      expect(result.rows).toEqual([{ value: '400-123-4567' }])
      const buffers = (await again.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] }
      expect(buffers.rows[0]!.shared_buffers).toBe('16MB')
      await again.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
