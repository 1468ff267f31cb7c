import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadConfig } from './config.ts'

const deploy = fileURLToPath(new URL('../../../deploy/', import.meta.url))
const sourceFolder = fileURLToPath(new URL('.', import.meta.url))

/** Every setting name the server's source mentions (tests aside). */
function namesInSource(folder: string): string {
  let text = ''
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry)
    if (statSync(path).isDirectory()) text += namesInSource(path)
    else if (entry.endsWith('.ts') && !entry.includes('.test.')) text += readFileSync(path, 'utf8')
  }
  return text
}

/**
 * deploy/compose.yaml cannot be run here (no Docker): what can be checked is. Its app instances set only
 * settings the server reads, with values the server accepts (loadConfig refuses half-made S3 settings), and
 * the proxy's configuration sends to both instances.
 */
describe('deploy/compose.yaml', () => {
  const compose = parse(readFileSync(join(deploy, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; depends_on?: Record<string, unknown> }>
  }
  // ${NAME:?…} and ${NAME:-default} as Compose fills them from deploy/.env.
  const filled = (value: string, dotEnv: Record<string, string>) =>
    value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_all, name: string, kind?: string, fallback?: string) =>
      dotEnv[name] ?? (kind === '-' ? (fallback ?? '') : name === 'SEAL_MASTER_KEY' ? Buffer.alloc(32, 7).toString('base64') : `${name.toLowerCase()}-value`),
    )
  const configOf = (dotEnv: Record<string, string>) =>
    loadConfig(Object.fromEntries(Object.entries(compose.services.app1!.environment!).map(([name, value]) => [name, filled(String(value), dotEnv)])))

  it('runs PostgreSQL, Redis, an S3-compatible store, two app instances and a proxy', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'minio', 'app1', 'app2', 'proxy']))
    expect(compose.services.app2!.depends_on).toHaveProperty('app1') // the first migrates, then the second starts
  })

  it('gives both instances the same settings, each one the server reads, and a configuration it accepts', () => {
    const env = compose.services.app1!.environment!
    expect(compose.services.app2!.environment).toEqual(env)
    const source = namesInSource(sourceFolder)
    for (const name of Object.keys(env)) expect(source, name).toContain(name)
    // Without real providers it is a trial: refused on the network unless deploy/.env says so.
    expect(() => configOf({})).toThrow(/ALLOW_SANDBOX_ON_NETWORK/)
    const config = configOf({ ALLOW_SANDBOX_ON_NETWORK: 'true' })
    expect(config.databaseUrl).toMatch(/^postgres:\/\/seal:.*@postgres:5432\/seal$/)
    expect(config.redis).toMatchObject({ url: 'redis://redis:6379/0', keyPrefix: 'seal:' })
    expect(config.fileStore).toMatchObject({ kind: 's3', s3: { bucket: 'seal-files', endpoint: 'http://minio:9000', forcePathStyle: true } })
    expect(config.trustProxy).toBe('172.16.0.0/12,10.0.0.0/8,192.168.0.0/16')
  })

  it('has nginx send to both instances, pass the client and the request id, and never resend a POST', () => {
    const nginx = readFileSync(join(deploy, 'nginx.conf'), 'utf8')
    expect(nginx).toMatch(/server app1:8080/)
    expect(nginx).toMatch(/server app2:8080/)
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for')
    expect(nginx).toContain('proxy_set_header X-Request-Id')
    expect(nginx).not.toContain('non_idempotent')
    // Braces balance (a cheap syntax check; `nginx -t` is not available here).
    expect(nginx.split('{').length).toBe(nginx.split('}').length)
  })
})
