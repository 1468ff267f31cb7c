import { describe, expect, it } from 'vitest'
import { nestedDeeperThan } from './json-body.ts'

describe('nestedDeeperThan', () => {
  it('counts brackets of objects and arrays, not those inside strings', () => {
    expect(nestedDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false)
    expect(nestedDeeperThan('{"a":[{"b":[[1]]}]}', 4)).toBe(true)
    expect(nestedDeeperThan(JSON.stringify({ text: '['.repeat(100) }), 4)).toBe(false)
    expect(nestedDeeperThan(JSON.stringify({ text: 'say \\"[[[[[[\\"' }), 2)).toBe(false)
  })

  it('finds depth in text that is not valid JSON, and in siblings one after another', () => {
    expect(nestedDeeperThan('['.repeat(40), 32)).toBe(true)
    expect(nestedDeeperThan('[[]],'.repeat(100), 3)).toBe(false)
  })
})
