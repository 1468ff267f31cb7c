import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isTemporaryKey, localFileStore } from './store.ts'

describe('the local file store', () => {
  const root = mkdtempSync(join(tmpdir(), 'seal-store-'))
  const store = localFileStore(root)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('puts a file whole under its key, leaving no temporary file behind', async () => {
    await store.put('2026/11/a', Buffer.from('first'))
    await store.put('2026/11/a', Buffer.from('second'))
    expect((await store.get('2026/11/a')).toString()).toBe('second')
    expect(readdirSync(join(root, '2026/11'))).toEqual(['a'])
  })

  it('lists every stored key, and what an interrupted write left as temporary', async () => {
    writeFileSync(join(root, '2026/11/b.tmp-0a1b2c3d'), 'torn')
    const listed = []
    for await (const object of store.list()) listed.push(object.key)
    expect(listed.sort()).toEqual(['2026/11/a', '2026/11/b.tmp-0a1b2c3d'])
    expect(listed.filter(isTemporaryKey)).toEqual(['2026/11/b.tmp-0a1b2c3d'])
    await store.remove('2026/11/b.tmp-0a1b2c3d')
    await store.remove('2026/11/missing')
  })

  it('lists nothing for a folder that does not exist yet', async () => {
    const listed = []
    for await (const object of localFileStore(join(root, 'none')).list()) listed.push(object)
    expect(listed).toEqual([])
  })
})
