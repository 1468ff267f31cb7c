import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { memoryFileStore, type FileStore } from '../files/store.ts'
import { createProviders } from '../identity/providers.ts'
import { ephemeralSecrets, type Secrets } from '../secrets.ts'
import { saveSandboxPerson } from '../identity/real-name/registry.ts'
import { seedDemo } from '../seed.ts'
import { seedSandboxPlatforms } from '../platforms/registry.ts'
import { databaseNameOfThisProcess, databaseOn, onServer } from './database-server.ts'
import { migratedSnapshot, postgresTemplate } from './migrated-databases.ts'
import * as schema from '../db/schema.ts'
import type { PGlite } from '@electric-sql/pglite'

export type TestApp = {
  app: FastifyInstance
  db: Database
  secrets: Secrets
  /** POST/GET through app.inject, returning the parsed envelope. */
  call: (options: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown; token?: string }) => Promise<CallResult>
  /**
   * Logs in through the real SMS flow, reading the code from the sandbox outbox. A first login with a profile
   * registers the person in the sandbox real-name registry first, so they are verified as a real person
   * would be; `verified: false` leaves the phone unknown to the registry (the person stays unverified).
   */
  loginPersonal: (phone: string, profile?: { name: string; identityNo: string; verified?: boolean }) => Promise<string>
  loginEnterprise: (socialCreditCode: string, phone: string) => Promise<string>
  /** What a second server process beside this one shares with it (startTestApp's `beside`). */
  shares: { secrets: Secrets; files: FileStore; openDatabase: () => Promise<{ db: Database; close: () => Promise<void> }> }
  close: () => Promise<void>
}

export type CallResult = { status: number; body: { resultStatus: string; responseInfo: string; data: any }; raw: LightMyRequestResponse }

/**
 * Starts the real server on a real database: in-memory PGlite, or, when the project `server-postgres`
 * runs (TEST_DATABASE=postgres), a fresh PostgreSQL database created for this test file and dropped after.
 * `env` is the environment the configuration is read from (none: the documented defaults); `webDist` a
 * folder with a built web app to serve (none: API only), `consoleDist` the same for the console. `beside`: a second server process beside that one,
 * on the same database (its own handle), master key and file store, as several processes behind a load
 * balancer are (close it before that one, which drops the database). `files`: a file store of the test's
 * own (none: one in memory).
 */
export async function startTestApp(options: { env?: NodeJS.ProcessEnv; webDist?: string; consoleDist?: string; beside?: TestApp; files?: FileStore } = {}): Promise<TestApp> {
  const { beside } = options
  const postgres = process.env.TEST_DATABASE === 'postgres' && !beside ? await createPostgresDatabase() : undefined
  const database = beside
    ? await beside.shares.openDatabase()
    : await openDatabase({
        databaseUrl: postgres?.url,
        dataDir: ':memory:',
        snapshot: postgres ? undefined : migratedSnapshot(),
        warn: () => {},
      })
  const config = { ...loadConfig(options.env ?? {}), logLevel: 'silent', webDist: options.webDist ?? '/nonexistent', consoleDist: options.consoleDist ?? '/nonexistent' }
  const secrets = beside?.shares.secrets ?? ephemeralSecrets()
  const files = options.files ?? beside?.shares.files ?? memoryFileStore()
  const app = await buildApp({
    config,
    db: database.db,
    files,
    providers: createProviders({ config, db: database.db, log: () => {} }),
    secrets,
    logger: false,
  })
  if (!beside) {
    await seedDemo(database.db)
    await seedSandboxPlatforms(database.db, app.trust.keys)
  }
  await app.ready()

  const call: TestApp['call'] = async ({ method = 'POST', url, body, token }) => {
    const raw = await app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as object),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
    return { status: raw.statusCode, body: raw.json(), raw }
  }

  const latestCode = async (phone: string) => {
    const outbox = await call({ method: 'GET', url: '/api/dev/sms-outbox' })
    const message = outbox.body.data.find((m: { phone: string }) => m.phone === phone)
    return /验证码为(\d{6})/.exec(message.text)![1]!
  }

  return {
    app,
    db: database.db,
    secrets,
    call,
    async loginPersonal(phone, profile) {
      const { verified = true, ...typed } = profile ?? {}
      if (profile && verified) await saveSandboxPerson(database.db, { phone, name: profile.name, identityNo: profile.identityNo, outcome: 'normal' })
      await call({ url: '/api/auth/sms/send', body: { phone } })
      const result = await call({ url: '/api/auth/login/personal', body: { phone, code: await latestCode(phone), ...(profile ? typed : {}) } })
      if (result.body.resultStatus !== '00') throw new Error(result.body.responseInfo)
      return result.body.data.token
    },
    async loginEnterprise(socialCreditCode, phone) {
      await call({ url: '/api/auth/sms/send', body: { phone } })
      const result = await call({ url: '/api/auth/login/enterprise', body: { socialCreditCode, phone, code: await latestCode(phone) } })
      if (result.body.resultStatus !== '00') throw new Error(result.body.responseInfo)
      return result.body.data.token
    },
    shares: {
      secrets,
      files,
      // Another handle on the same database, as another process has: its own pool on PostgreSQL; on PGlite (one
      // process by construction) a second Drizzle handle on the same PGlite, so per-handle caches are apart.
      async openDatabase() {
        if (beside) return beside.shares.openDatabase()
        if (postgres) return openDatabase({ databaseUrl: postgres.url, dataDir: ':memory:', warn: () => {} })
        const { drizzle } = await import('drizzle-orm/pglite')
        const client = (database.db as unknown as { $client: PGlite }).$client
        return { db: drizzle(client, { schema }) as unknown as Database, close: async () => {} }
      },
    },
    async close() {
      await app.close()
      await database.close()
      await postgres?.drop()
    },
  }
}

/** A multipart body with one file in the field `file`, as a browser form would send it. */
export function multipart(file: { name: string; bytes: Buffer | Uint8Array; type?: string }) {
  const boundary = '----seal-test-boundary'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/**
 * A fresh PostgreSQL database on DATABASE_URL's server, dropped by `drop`: a copy of the migrated template
 * of the global setup where there is one (opening it migrates nothing), else empty.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL')
  const name = databaseNameOfThisProcess('seal_test')
  const template = postgresTemplate()
  await onServer(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`)
  return {
    url: databaseOn(adminUrl, name),
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}
