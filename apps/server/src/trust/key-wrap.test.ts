import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { KeyUnwrapError, localKeyWrapper } from './key-wrap.ts'

describe('key wrapping under the master key', () => {
  const wrapper = localKeyWrapper(randomBytes(32))
  const secret = new Uint8Array(randomBytes(121))

  it('gives back the key it wrapped, for the same context', async () => {
    const wrapped = await wrapper.wrap(secret, 'seal:s1:c1')
    expect(Buffer.from(wrapped).includes(Buffer.from(secret.subarray(0, 16)))).toBe(false)
    expect(await wrapper.unwrap(wrapped, 'seal:s1:c1')).toEqual(secret)
  })

  it('wraps the same key differently each time (fresh IV)', async () => {
    const a = await wrapper.wrap(secret, 'x')
    const b = await wrapper.wrap(secret, 'x')
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false)
  })

  it('refuses a wrapped key with any byte altered', async () => {
    const wrapped = await wrapper.wrap(secret, 'seal:s1:c1')
    for (const at of [wrapped.length - 1, wrapped.length - 20, 30]) {
      const tampered = Uint8Array.from(wrapped)
      tampered[at]! ^= 0x01
      await expect(wrapper.unwrap(tampered, 'seal:s1:c1')).rejects.toBeInstanceOf(KeyUnwrapError)
    }
  })

  it('refuses a wrapped key moved to another seal (context is authenticated)', async () => {
    const wrapped = await wrapper.wrap(secret, 'seal:s1:c1')
    await expect(wrapper.unwrap(wrapped, 'seal:s2:c1')).rejects.toThrow(/another context|altered/)
  })

  it('names the master key that wrapped a blob when another key is loaded', async () => {
    const wrapped = await wrapper.wrap(secret, 'ctx')
    const other = localKeyWrapper(randomBytes(32))
    expect(other.keyId).not.toBe(wrapper.keyId)
    await expect(other.unwrap(wrapped, 'ctx')).rejects.toThrow(`wrapped by master key ${wrapper.keyId}`)
  })

  it('refuses a master key that is not 32 bytes', () => {
    expect(() => localKeyWrapper(randomBytes(16))).toThrow(RangeError)
  })
})
