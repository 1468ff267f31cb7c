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
