import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The signatures between us and a platform (docs/platforms.md "Signing requests", "Webhooks"). Both are
 * HMAC-SHA256 under the platform's client secret, as lowercase hex.
 *
 * A request to the open API signs, one per line:
 *
 *     SEAL-HMAC-SHA256
 *     POST
 *     /api/open/v1/documents
 *     limit=10&status=1                (the query: pairs sorted, RFC 3986 encoded; empty line when none)
 *     1767225600                       (X-Seal-Timestamp, Unix seconds)
 *     3f9c0a7e5b2d4c1f8e6a9b0d7c5e3a1f (X-Seal-Nonce)
 *     e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855   (SHA-256 of the body bytes)
 *
 * The path is the route the server matched, with its parameters RFC 3986 encoded, so another spelling
 * of the same path (`%64ocuments`, dot segments) signs the same as the canonical one, or fails.
 * A webhook signs `${timestamp}.${body}`.
 */
export const SIGNATURE_SCHEME = 'SEAL-HMAC-SHA256'

/** How far a request's timestamp may be from our clock, either way. */
export const REPLAY_WINDOW_SECONDS = 300

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export const signatureHeaders = {
  timestamp: 'x-seal-timestamp',
  nonce: 'x-seal-nonce',
  signature: 'x-seal-signature',
} as const

export const webhookHeaders = {
  event: 'x-seal-event',
  delivery: 'x-seal-delivery',
  timestamp: 'x-seal-timestamp',
  signature: 'x-seal-signature',
} as const

/** encodeURIComponent, plus the characters RFC 3986 reserves that it leaves alone. */
export const encodeRfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** The matched route's path with its parameters filled in, e.g. `/api/open/v1/documents/:documentId`. */
export function canonicalPath(routePattern: string, params: Record<string, string>): string {
  return routePattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeRfc3986(params[name] ?? ''))
}

/** The query as sorted `key=value` pairs; repeated keys keep every value. */
export function canonicalQuery(query: Record<string, string | string[] | undefined>): string {
  const pairs: [string, string][] = []
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) pairs.push([encodeRfc3986(key), encodeRfc3986(one)])
  }
  pairs.sort(([k1, v1], [k2, v2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
  return pairs.map(([k, v]) => `${k}=${v}`).join('&')
}

export const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')

export type SignedParts = { method: string; path: string; query: string; timestamp: string; nonce: string; bodySha256: string }

export function stringToSign(parts: SignedParts): string {
  return [SIGNATURE_SCHEME, parts.method.toUpperCase(), parts.path, parts.query, parts.timestamp, parts.nonce, parts.bodySha256].join('\n')
}

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex')

/** Compares a given hex signature with the expected one in constant time. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase(), 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The signature of a webhook body sent at `timestamp` (Unix seconds). */
export const webhookSignature = (secret: string, timestamp: string, body: string) => hmacHex(secret, `${timestamp}.${body}`)
