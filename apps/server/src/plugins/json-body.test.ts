import { describe, expect, it } from 'vitest'
import { nestedDeeperThan } from './json-body.ts'

describe('nestedDeeperThan', () => {
  it('counts levels of objects and arrays, not brackets inside strings', () => {
    expect(nestedDeeperThan({ a: [{ b: [1] }] }, 4)).toBe(false)
    expect(nestedDeeperThan({ a: [{ b: [[1]] }] }, 4)).toBe(true)
    expect(nestedDeeperThan({ text: '['.repeat(100) }, 1)).toBe(false)
    expect(nestedDeeperThan('plain', 0)).toBe(false)
  })

  it('walks a value thousands deep without recursion, and many siblings at one level', () => {
    expect(nestedDeeperThan(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)), 32)).toBe(true)
    expect(nestedDeeperThan(Array.from({ length: 10_000 }, () => [[1]]), 3)).toBe(false)
  })
})
