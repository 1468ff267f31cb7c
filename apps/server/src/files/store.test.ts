import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalS3, type LocalS3 } from '../test/s3.ts'
import { s3FileStore } from './s3-store.ts'
import { isTemporaryKey, localFileStore, memoryFileStore, type FileStore } from './store.ts'

const listKeys = async (store: FileStore) => {
  const keys: string[] = []
  for await (const object of store.list()) keys.push(object.key)
  return keys.sort()
}

/**
 * What every file store promises (store.ts): the local folder, the in-memory store of the tests, and the
 * S3-compatible store against s3rver in this process (listing in pages of two, so paging is exercised).
 */
describe.each([
  {
    name: 'local folder',
    open: async () => {
      const root = mkdtempSync(join(tmpdir(), 'seal-store-'))
      return { store: localFileStore(root), end: async () => rmSync(root, { recursive: true, force: true }) }
    },
  },
  { name: 'memory', open: async () => ({ store: memoryFileStore(), end: async () => {} }) },
  {
    name: 'S3-compatible (s3rver)',
    open: async () => {
      const s3 = await startLocalS3()
      const store = s3FileStore(s3.settings('seal/'), { pageSize: 2 })
      return {
        store,
        end: async () => {
          store.close()
          await s3.stop()
        },
      }
    },
  },
])('the file store contract: $name', ({ open }) => {
  let store: FileStore
  let end: () => Promise<void>
  beforeAll(async () => ({ store, end } = await open()))
  afterAll(() => end())

  it('puts bytes whole under their key and answers them back, the last put winning', async () => {
    await store.put('2026/11/a', Buffer.from('first'))
    await store.put('2026/11/a', Buffer.from('second'))
    expect((await store.get('2026/11/a')).toString()).toBe('second')
    const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256))
    await store.put('2026/11/binary', binary)
    expect((await store.get('2026/11/binary')).equals(binary)).toBe(true)
  })

  it('streams a stored file, and fails before the first byte for a key that is not there', async () => {
    expect(await text(await store.open('2026/11/a'))).toBe('second')
    await expect(store.open('2026/11/missing')).rejects.toThrow()
    await expect(store.get('2026/11/missing')).rejects.toThrow()
  })

  it('lists every key once, with when it was written, however many pages that takes', async () => {
    const before = Date.now()
    for (const n of [1, 2, 3, 4, 5]) await store.put(`2026/12/${n}`, Buffer.from(`file ${n}`))
    const listed = []
    for await (const object of store.list()) listed.push(object)
    expect(listed.map((object) => object.key).sort()).toEqual([
      '2026/11/a',
      '2026/11/binary',
      '2026/12/1',
      '2026/12/2',
      '2026/12/3',
      '2026/12/4',
      '2026/12/5',
    ])
    const written = listed.find((object) => object.key === '2026/12/5')!
    // S3 stamps to the second, by its own clock (here the same machine's).
    expect(Math.abs(written.modifiedAt.getTime() - before)).toBeLessThan(5_000)
  })

  it('removes a key, and removing one that is not there is no error', async () => {
    await store.remove('2026/12/5')
    await store.remove('2026/12/5')
    await expect(store.get('2026/12/5')).rejects.toThrow()
    expect(await listKeys(store)).not.toContain('2026/12/5')
  })
})

describe('the local file store', () => {
  const root = mkdtempSync(join(tmpdir(), 'seal-store-'))
  const store = localFileStore(root)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('leaves no temporary file behind a put', async () => {
    await store.put('2026/11/a', Buffer.from('first'))
    await store.put('2026/11/a', Buffer.from('second'))
    expect(readdirSync(join(root, '2026/11'))).toEqual(['a'])
  })

  it('lists what an interrupted write left as temporary, for the sweep', async () => {
    writeFileSync(join(root, '2026/11/b.tmp-0a1b2c3d'), 'torn')
    const listed = await listKeys(store)
    expect(listed).toEqual(['2026/11/a', '2026/11/b.tmp-0a1b2c3d'])
    expect(listed.filter(isTemporaryKey)).toEqual(['2026/11/b.tmp-0a1b2c3d'])
    await store.remove('2026/11/b.tmp-0a1b2c3d')
  })

  it('lists nothing for a folder that does not exist yet', async () => {
    expect(await listKeys(localFileStore(join(root, 'none')))).toEqual([])
  })
})

describe('the S3-compatible file store', () => {
  let s3: LocalS3
  beforeAll(async () => (s3 = await startLocalS3()))
  afterAll(() => s3.stop())

  it('keeps to its prefix: another prefix in the same bucket is neither listed nor touched', async () => {
    const ours = s3FileStore(s3.settings('seal/'), { pageSize: 2 })
    const theirs = s3FileStore(s3.settings('other-app/'))
    const whole = s3FileStore(s3.settings(''))
    try {
      await theirs.put('2026/11/x', Buffer.from('not ours'))
      await ours.put('2026/11/y', Buffer.from('ours'))
      expect(await listKeys(ours)).toEqual(['2026/11/y'])
      expect(await listKeys(whole)).toEqual(['other-app/2026/11/x', 'seal/2026/11/y'])
      expect((await whole.get('seal/2026/11/y')).toString()).toBe('ours')
    } finally {
      for (const store of [ours, theirs, whole]) store.close()
    }
  })

  // s3rver parses the SDK's SigV4 Authorization header and checks the key id, but does not recompute the
  // signature (its V4 check is unimplemented): a wrong secret passes there (decisions.md says so).
  it('sends its key id in a signed request: an unknown key id is refused by the server', async () => {
    const stranger = s3FileStore({
      ...s3.settings('seal/'),
      credentials: { accessKeyId: 'NOT-S3RVER', secretAccessKey: 'S3RVER' },
    })
    try {
      await expect(stranger.put('2026/11/z', Buffer.from('x'))).rejects.toThrow(/Access Key Id/i)
    } finally {
      stranger.close()
    }
  })
})
