import { describe, expect, it } from 'vitest'
import { unbuiltSpecRoutes } from './router.tsx'
import { specRoutes } from './routes.ts'


describe('the route table', () => {
  it('has a screen for every spec route (none says 建设中)', () => {
    expect(unbuiltSpecRoutes.map((route) => route.path)).toEqual([])
  })

  it('names each spec route once', () => {
    const paths = specRoutes.map((route) => route.path)
    expect(new Set(paths).size).toBe(paths.length)
  })
})
