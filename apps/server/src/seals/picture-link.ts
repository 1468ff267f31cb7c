import { createAccessToken } from '../files/service.ts'
import { ACCESS_TOKEN_TTL_MS } from '../files/limits.ts'

/**
 * Links are minted from the start of a window this long, so every list call within it hands out the same
 * URL for a picture and the browser's cache answers the repeats; a link lives between
 * ACCESS_TOKEN_TTL_MS − this and ACCESS_TOKEN_TTL_MS.
 */
export const PICTURE_LINK_WINDOW_MS = ACCESS_TOKEN_TTL_MS / 2

/**
 * A short-lived signed link to a seal picture (GET /api/seal/picture/:fileId, seals/routes.ts), for lists
 * that would otherwise inline every picture as base64. Whoever may list the seal gets the link; the token
 * (the file preview links' HMAC with FILE_ACCESS_KEY) binds the file and an expiry, so it opens nothing
 * else and nothing later.
 */
export function sealPictureLink(key: Buffer, fileId: string, now = Date.now()): string {
  const windowStart = now - (now % PICTURE_LINK_WINDOW_MS)
  return `/api/seal/picture/${fileId}?access_token=${encodeURIComponent(createAccessToken(key, fileId, windowStart))}`
}
