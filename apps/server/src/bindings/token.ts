import { createHmac } from 'node:crypto'
import { BINDING_TOKEN_TTL_MS, bindingMessages } from '@seal/shared/api/binding'
import type { Caller } from '../plugins/caller.ts'
import { businessError } from '../errors.ts'
import { createAccessToken, verifyAccessToken } from '../files/service.ts'

/**
 * The binding service's access token (POST /paas-composite-seal/sealBind/platform/token): `expiry.mac`, an
 * HMAC over the caller's session and the chosen platform, good for BINDING_TOKEN_TTL_MS. It proves that
 * this session chose this platform a moment ago on the binding screens; the binding calls must carry it
 * for the platform they bind to. Logging out ends the session and with it every token it was given.
 * Keyed by a key derived from FILE_ACCESS_KEY for this one purpose, so a file link never passes as one.
 */
const subject = (caller: Caller, platformId: string) => `seal-bind:${caller.sessionId}:${platformId}`

export const bindingTokenKey = (fileAccessKey: Buffer) => createHmac('sha256', fileAccessKey).update('platform-binding-token').digest()

export function issueBindingToken(key: Buffer, caller: Caller, platformId: string, now: number): { accessToken: string; expiresAt: number } {
  const accessToken = createAccessToken(key, subject(caller, platformId), now, BINDING_TOKEN_TTL_MS)
  return { accessToken, expiresAt: Number(accessToken.split('.')[0]) }
}

/** Refuses a token that is not this session's for this platform, or has expired. */
export function assertBindingToken(key: Buffer, caller: Caller, platformId: string, token: string, now: number): void {
  if (!verifyAccessToken(key, subject(caller, platformId), token, now)) throw businessError(bindingMessages.tokenInvalid)
}
