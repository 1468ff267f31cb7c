import { join } from 'node:path'
import type { Database } from '../apps/server/src/db/client.ts'

const ownServerSrc = new URL('../apps/server/src/', import.meta.url).pathname

/**
 * The server's app as main.ts builds it, inside a bench process: settings read from `env` with the data
 * folder's files and secrets, sandbox providers, no log. Imported when called, so a bench's measuring side
 * loads none of the server. `serverSrc` builds another checkout's server instead (lists.bench.ts compares two).
 */
export async function buildBenchApp(options: { dataDir: string; db: Database; env?: NodeJS.ProcessEnv; serverSrc?: string }) {
  const src = options.serverSrc ?? ownServerSrc
  const { buildApp } = (await import(join(src, 'app.ts'))) as typeof import('../apps/server/src/app.ts')
  const { loadConfig } = (await import(join(src, 'config.ts'))) as typeof import('../apps/server/src/config.ts')
  const { localFileStore } = (await import(join(src, 'files/store.ts'))) as typeof import('../apps/server/src/files/store.ts')
  const { createProviders } = (await import(join(src, 'identity/providers.ts'))) as typeof import('../apps/server/src/identity/providers.ts')
  const { loadSecrets } = (await import(join(src, 'secrets.ts'))) as typeof import('../apps/server/src/secrets.ts')
  const { dataDir, db } = options
  const config = { ...loadConfig({ ...options.env, DATA_DIR: dataDir }), logLevel: 'warn' }
  return buildApp({
    config,
    db,
    files: localFileStore(join(dataDir, 'files')),
    providers: createProviders({ config, db, log: () => {} }),
    secrets: loadSecrets(dataDir, {}),
    logger: false,
  })
}
