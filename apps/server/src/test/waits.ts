import { createServer } from 'node:net'

/**
 * Waits until `condition` holds, checking every `everyMs` (a test that races a kill against requests checks
 * often), and fails after `timeoutMs` saying what it waited for.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; everyMs?: number; waitingFor?: string } = {},
): Promise<void> {
  const { timeoutMs = 30_000, everyMs = 20, waitingFor = 'the condition' } = options
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${waitingFor}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/** A loopback port nothing listens on at the moment (for a child process or a proxy to listen on). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
