import { setTimeout as sleep } from 'node:timers/promises'
import { expect } from 'vitest'
import type { TestApp } from './harness.ts'

/**
 * The longest a cheap call may wait and the event loop may be held while a heavy or hostile request is
 * handled. Inflating 1 GB or decoding a 100-megapixel PNG on the main thread takes seconds; a busy 2-core CI
 * machine (the other test worker, OCR, a browser) adds a few hundred milliseconds of its own, so the line
 * sits between the two.
 */
export const STALL_MS = 750

/**
 * Runs `request` while measuring what everybody else sees: the longest the event loop was held, the time
 * a cheap public call sent 20 ms in takes, and how far the resident memory rose at its highest.
 */
export async function underLoad<T>(t: TestApp, request: () => Promise<T>) {
  const before = process.memoryUsage().rss
  let peak = before
  // The longest gap between ticks of a 2 ms timer is the longest the loop was held.
  let lastTick = performance.now()
  let loopMaxMs = 0
  const sampler = setInterval(() => {
    const now = performance.now()
    loopMaxMs = Math.max(loopMaxMs, now - lastTick - 2)
    lastTick = now
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 2)
  const started = performance.now()
  const answer = request()
  await sleep(20)
  const cheapAt = performance.now()
  const cheap = await t.app.inject({ method: 'GET', url: '/api/seal-apply/seal/config' })
  const cheapMs = performance.now() - cheapAt
  const result = await answer
  const totalMs = performance.now() - started
  clearInterval(sampler)
  loopMaxMs = Math.max(loopMaxMs, performance.now() - lastTick - 2)
  peak = Math.max(peak, process.memoryUsage().rss)
  expect(cheap.json().resultStatus).toBe('00')
  return { result, totalMs, cheapMs, loopMaxMs, grownMb: (peak - before) / 1024 / 1024 }
}
