import { existsSync, mkdirSync, openSync, closeSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { entityKind } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema.ts'
import { prepareJobStore } from '../jobs/queue.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/**
 * Whether `db` (or a transaction of it) is the embedded PGlite: one connection in this process only (the
 * data folder's lock file refuses a second server), where an open transaction holds every other query.
 */
export const isEmbedded = (db: Database): boolean =>
  ((db.constructor as unknown as Record<symbol, string | undefined>)[entityKind] ?? '').startsWith('Pglite')

export type OpenDatabase = {
  db: Database
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** PGlite only: the whole database as a tarball, which `snapshot` opens again (tests start from a migrated copy). */
  dump?: () => Promise<Blob>
}

/**
 * Opens the database and applies pending migrations (the job queue's tables too, jobs/queue.ts): PostgreSQL when `databaseUrl` is set, otherwise
 * PGlite in `dataDir/pglite` (or in memory for `dataDir: ':memory:'`, used by tests).
 * PGlite is single-process, so a lock file on the data folder refuses a second server on the same folder.
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
  /** Where a connection lost while idle is reported (a database restart, an administrator's kill). */
  warn?: (message: string) => void
  /** In-memory PGlite only: start from this dump instead of an empty cluster (initdb costs ~2 s; tests). */
  snapshot?: Blob
}): Promise<OpenDatabase> {
  const migrationsFolder = findMigrationsFolder()
  if (options.databaseUrl) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // Without a listener, an idle connection that the server drops is thrown as an uncaught error and ends
    // the process; the pool has already let the connection go and opens a new one when next asked.
    const warn = options.warn ?? ((message: string) => console.warn(message))
    pool.on('error', (error) => warn(`数据库连接中断（空闲连接）: ${error.message}`))
    const db = drizzle(pool, { schema })
    await migrate(db, { migrationsFolder })
    await prepareJobStore(db as unknown as Database)
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() }
  }

  const { PGlite } = await import('@electric-sql/pglite')
  // The lists' contains-search indexes need pg_trgm (migration 0005); PGlite loads it only when asked.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const inMemory = options.dataDir === ':memory:'
  const releaseLock = inMemory ? () => {} : lockDataFolder(options.dataDir)
  const pgliteDir = join(options.dataDir, 'pglite')
  if (!inMemory && !existsSync(join(pgliteDir, 'PG_VERSION'))) await initPgliteApart(pgliteDir)
  const pgliteOptions = { ...PGLITE_OPTIONS, extensions: { pg_trgm } }
  const client = inMemory ? new PGlite({ ...pgliteOptions, loadDataDir: options.snapshot }) : new PGlite(pgliteDir, pgliteOptions)
  try {
    const db = drizzle(client, { schema })
    await migrate(db, { migrationsFolder })
    await prepareJobStore(db as unknown as Database)
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      dump: () => client.dumpDataDir('none'),
      close: async () => {
        await client.close()
        releaseLock()
      },
    }
  } catch (error) {
    await client.close().catch(() => {})
    releaseLock()
    throw error
  }
}

/**
 * PGlite's defaults are a server's (shared_buffers 128 MB, touched as it fills); an embedded database of one
 * process reads through the operating system's file cache anyway, so 16 MB keeps the resident memory down
 * (docs/decisions.md "Memory").
 */
const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers = 16MB'] }

/**
 * Creates a PGlite data folder in a short-lived child process: initdb's hundreds of MB would otherwise stay
 * in this process's native heap for its whole life (measured: +110 MB resident after a first start).
 */
async function initPgliteApart(pgliteDir: string): Promise<void> {
  const { spawn } = await import('node:child_process')
  const { createRequire } = await import('node:module')
  const { pathToFileURL } = await import('node:url')
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = new PGlite(${JSON.stringify(pgliteDir)}, ${JSON.stringify(PGLITE_OPTIONS)}); await db.waitReady; await db.close()`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] })
  const code = await new Promise<number | null>((resolve, reject) => child.once('exit', resolve).once('error', reject))
  if (code !== 0) throw new Error(`PGlite 数据目录初始化失败 (${pgliteDir})`)
}

/** Holds `dataDir/.lock` with our pid; a stale lock (its process gone) is taken over. */
function lockDataFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, '.lock')
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, 'utf8'))
    if (pid && pid !== process.pid && isRunning(pid)) {
      throw new Error(`数据目录 ${dataDir} 正被进程 ${pid} 使用（PGlite 只允许一个服务进程）`)
    }
    unlinkSync(lockPath)
  }
  closeSync(openSync(lockPath, 'wx'))
  writeFileSync(lockPath, String(process.pid))
  return () => {
    if (existsSync(lockPath)) unlinkSync(lockPath)
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The `drizzle/` folder sits beside `src/` and `dist/`; look upward from this module to find it. */
function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'drizzle')
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate
    dir = dirname(dir)
  }
  throw new Error('drizzle migrations folder not found')
}
