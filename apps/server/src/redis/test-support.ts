import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import { SignJWT } from 'jose'
import { Redis } from 'ioredis'

/** Deletes every key under `keyPrefix`: what a test's apps left in the shared Redis (rate-limit windows, used assertions). */
export async function forgetAll(url: string, keyPrefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500)
      if (keys.length > 0) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

const HOST_SECRET = 'redis-test-host-channel-secret-32-bytes!'
/** HOST_CHANNELS of the tests: one HS256 channel. */
export const hostChannel = { 'test-app': { alg: 'HS256', key: HOST_SECRET, audience: 'seal-h5' } }

let serial = 0
/** A login assertion of `hostChannel` for the person in `claims`, valid two minutes. */
export async function hostAssertion(claims: { sub: string; name: string; idNo: string }): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ ...claims, iss: 'test-app', aud: 'seal-h5', iat: now, exp: now + 120, jti: `redis-test-${Date.now()}-${serial++}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(HOST_SECRET))
}

/**
 * A TCP relay in front of a Redis, to take it away from the apps and give it back: `cut` drops every
 * connection and refuses new ones, as a Redis that died would; `open` lets them through again. Without a
 * target it only refuses (a Redis that was never there).
 */
export async function redisRelay(target?: string): Promise<{ url: string; open: () => void; cut: () => void; close: () => Promise<void> }> {
  const upstream = target ? new URL(target) : undefined
  const sockets = new Set<Socket>()
  let open = false
  const server = createServer((client) => {
    if (!open || !upstream) return client.destroy()
    const server = connect(Number(upstream.port || 6379), upstream.hostname)
    const end = () => {
      for (const socket of [client, server]) {
        socket.destroy()
        sockets.delete(socket)
      }
    }
    for (const socket of [client, server]) {
      sockets.add(socket)
      socket.on('error', end).on('close', end)
    }
    client.pipe(server).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const cut = () => {
    open = false
    for (const socket of sockets) socket.destroy()
    sockets.clear()
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    open() {
      open = true
    },
    cut,
    async close() {
      cut()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

