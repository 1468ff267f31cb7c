import { spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from './test/harness.ts'
import { startLocalS3, type LocalS3 } from './test/s3.ts'
import { killServerProcesses, spawnTiedToTests, startServerProcess, type ServerProcess } from './test/server-process.ts'
import { freePort, until } from './test/waits.ts'

const REDIS_URL = process.env.REDIS_URL
const nginxConf = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url))

/**
 * deploy/compose.yaml's two machines without containers: the repository's nginx.conf (only its upstream
 * addresses, port and log paths changed) in front of two server processes with the compose file's settings:
 * one PostgreSQL, one Redis, files in an S3-compatible store, the same keys. What the proxy file promises in
 * its comments and docs/deploy.md: request ids end to end, /metrics kept inside, reads carried to the other
 * instance when one dies. nginx comes from Debian (scripts/ensure-system-deps.sh).
 */
describe.runIf(process.env.TEST_DATABASE === 'postgres' && REDIS_URL)('nginx in front of two instances (deploy/)', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = []
  const instances: ServerProcess[] = []
  let proxy: ChildProcess
  let proxyUrl: string
  let folder: string

  beforeAll(async () => {
    const postgres = await createPostgresDatabase()
    const s3: LocalS3 = await startLocalS3()
    folder = mkdtempSync(join(tmpdir(), 'seal-proxy-'))
    cleanups.push(() => postgres.drop(), () => s3.stop(), () => rmSync(folder, { recursive: true, force: true }))
    const shared = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: postgres.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: `proxy-${randomBytes(4).toString('hex')}:`,
      ...s3.env(`proxy-${randomBytes(4).toString('hex')}/`),
      SEAL_MASTER_KEY: randomBytes(32).toString('base64'),
      ADMIN_TOKEN: randomBytes(24).toString('hex'),
      FILE_ACCESS_KEY: randomBytes(32).toString('base64'),
      HOST: '127.0.0.1',
      PROCESSES: '1',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
      TSA_PROVIDER: 'none',
    }
    // One after the other: the first prepares the database (migrations, the CA) that the second then finds.
    for (const name of ['app1', 'app2']) {
      const port = await freePort()
      const dataDir = mkdtempSync(join(folder, `${name}-`))
      instances.push(await startServerProcess({ ...shared, PORT: String(port), DATA_DIR: dataDir }, { timeoutMs: 150_000 }))
    }

    const proxyPort = await freePort()
    const conf = readFileSync(nginxConf, 'utf8')
      .replace('server app1:8080', `server ${new URL(instances[0]!.url).host}`)
      .replace('server app2:8080', `server ${new URL(instances[1]!.url).host}`)
      .replace('listen 80;', `listen 127.0.0.1:${proxyPort};`)
      .replace('access_log /dev/stdout seal;', `access_log ${folder}/access.log seal;`)
      .replace('worker_processes auto;', `worker_processes 1;\npid ${folder}/nginx.pid;\nerror_log ${folder}/error.log;`)
    for (const changed of [`${proxyPort};`, `${folder}/access.log`, `${folder}/nginx.pid`]) expect(conf).toContain(changed)
    writeFileSync(join(folder, 'nginx.conf'), conf)
    const checked = spawnSync('nginx', ['-t', '-p', folder, '-c', join(folder, 'nginx.conf')], { encoding: 'utf8' })
    expect(checked.status, checked.stderr).toBe(0)
    proxy = spawnTiedToTests('nginx', ['-p', folder, '-c', join(folder, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' })
    cleanups.push(() => proxy.kill('SIGTERM'))
    proxyUrl = `http://127.0.0.1:${proxyPort}`
    await until(async () => (await fetch(`${proxyUrl}/readyz`).catch(() => null))?.ok === true)
  }, 300_000)

  afterAll(async () => {
    killServerProcesses()
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('gives every request an id that the proxy logs, the instance logs and the answer carries; a caller’s own id is kept', async () => {
    const answer = await fetch(`${proxyUrl}/api/seal-apply/region/list`)
    const id = answer.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    const own = await fetch(`${proxyUrl}/api/seal-apply/region/list`, { headers: { 'x-request-id': 'platform-trace-42' } })
    expect(own.headers.get('x-request-id')).toBe('platform-trace-42')
    for (const logged of [id!, 'platform-trace-42']) {
      await until(() => readFileSync(join(folder, 'access.log'), 'utf8').includes(`rid=${logged} `))
      await until(() => instances.some((instance) => instance.output().includes(`"reqId":"${logged}"`)))
    }
  })

  it('keeps /metrics inside: 404 through the proxy, answered by each instance directly', async () => {
    expect((await fetch(`${proxyUrl}/metrics`)).status).toBe(404)
    for (const instance of instances) expect((await fetch(`${instance.url}/metrics`)).status).toBe(200)
  })

  it('sends requests to both instances, and carries on through the other when one is killed', async () => {
    for (let i = 0; i < 6; i++) expect((await fetch(`${proxyUrl}/api/seal-apply/region/list`)).status).toBe(200)
    const upstreams = () => new Set([...readFileSync(join(folder, 'access.log'), 'utf8').matchAll(/up=(\d[\d.:]+)/g)].map((match) => match[1]))
    expect(upstreams()).toEqual(new Set(instances.map((instance) => new URL(instance.url).host)))

    await instances[0]!.kill()
    const reads = await Promise.all(Array.from({ length: 20 }, () => fetch(`${proxyUrl}/api/seal-apply/region/list`).then((answer) => answer.status)))
    expect(reads).toEqual(Array.from({ length: 20 }, () => 200))
    // A POST the dead instance never received goes to the living one (nginx passes on a refused connection).
    const sent = await fetch(`${proxyUrl}/api/auth/sms/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '13800000001' }) })
    expect(((await sent.json()) as { resultStatus: string }).resultStatus).toBe('00')
  })
})
