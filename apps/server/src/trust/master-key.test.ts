import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ephemeralSecrets, loadSecrets } from '../secrets.ts'

describe('the master key', () => {
  const dirs: string[] = []
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'master-key-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('is created once for development in data/secrets/master.key, readable by the owner only', () => {
    const dir = dataDir()
    const first = loadSecrets(dir, {}).masterKey
    const path = join(dir, 'secrets', 'master.key')
    expect(first).toHaveLength(32)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(loadSecrets(dir, {}).masterKey.equals(first)).toBe(true)
  })

  it('comes from SEAL_MASTER_KEY, else from SEAL_MASTER_KEY_FILE, before the development file', () => {
    const key = randomBytes(32)
    const dir = dataDir()
    expect(loadSecrets(dir, { SEAL_MASTER_KEY: key.toString('base64') }).masterKey.equals(key)).toBe(true)
    const file = join(dir, 'mounted.key')
    writeFileSync(file, `${key.toString('base64')}\n`)
    expect(loadSecrets(dir, { SEAL_MASTER_KEY_FILE: file }).masterKey.equals(key)).toBe(true)
    expect(() => readFileSync(join(dir, 'secrets', 'master.key'))).toThrow()
  })

  it('stops the start when the configured key is not 32 bytes, rather than making a new one', () => {
    expect(() => loadSecrets(dataDir(), { SEAL_MASTER_KEY: randomBytes(16).toString('base64') })).toThrow(
      '主密钥（SEAL_MASTER_KEY）必须是32字节密钥的base64编码，实际为16字节',
    )
  })

  it('is random in memory for tests', () => {
    expect(ephemeralSecrets().masterKey.equals(ephemeralSecrets().masterKey)).toBe(false)
  })
})
