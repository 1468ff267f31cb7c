import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client.ts'

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    pgliteSnapshot: string
  }
}

/**
 * Vitest global setup: one in-memory PGlite, migrated, dumped to a temporary file. Every test database
 * then starts from that copy instead of running initdb (about 2 s of WebAssembly each, measured).
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ dataDir: ':memory:' })
  const dump = await database.dump!()
  await database.close()
  const path = join(tmpdir(), `seal-test-pglite-${randomBytes(6).toString('hex')}.tar`)
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteSnapshot', path)
  return () => rmSync(path, { force: true })
}

let snapshot: Blob | undefined

/** The migrated database of the global setup, for `openDatabase({ dataDir: ':memory:', snapshot })`. */
export function migratedSnapshot(): Blob {
  snapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))])
  return snapshot
}
