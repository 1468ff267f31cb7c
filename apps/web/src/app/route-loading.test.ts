import { describe, expect, it } from 'vitest'
import { titleAt } from './route-loading.tsx'

describe('the title bar shown while a screen opened by link loads', () => {
  it('is the spec title of the screen at that address, parameters and optional parts included', () => {
    expect(titleAt('/platform-binding-record')).toBe('平台绑定记录')
    expect(titleAt('/seal-use')).toBe('用章')
    expect(titleAt('/seal-use/abc123')).toBe('用章')
    expect(titleAt('/seal-use-record/company/s1')).toBe('用章记录')
    expect(titleAt('/binding/platform')).toBe('选择绑定平台')
  })

  it('is empty for an address the spec does not name', () => {
    expect(titleAt('/no-such-screen')).toBeUndefined()
  })
})
