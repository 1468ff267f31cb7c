import { sealStatus } from '@seal/shared/codes/seal-status'
import { resolveConfig } from '../config/service.ts'
import type { Database } from '../db/client.ts'

const DAY_MS = 86_400_000

/**
 * Where an operator sets how early things count as ending soon: a unit seal's unit (unit:<credit code>), a
 * personal seal's holder (person:<ID number>), over the global value (configuration `sealWillExpireDays`,
 * `authWillExpireDays`).
 */
export type SealScope = { socialCreditCode: string | null; holderIdentityNo: string }

export type ExpiryWindows = { sealDays: number; authDays: number }

/**
 * The windows of each seal scope, each scope's configuration read once per reader (and cached across
 * requests by the configuration service). One reader serves one request; `channel` is the viewer's (a
 * host channel's setting applies to what is shown through it), none for the service's own notices.
 */
export function expiryWindowReader(db: Database, channel?: string): (scope: SealScope) => Promise<ExpiryWindows> {
  const read = new Map<string, Promise<ExpiryWindows>>()
  return (scope) => {
    const identity = scope.socialCreditCode
      ? { channel, socialCreditCode: scope.socialCreditCode }
      : { channel, identityNo: scope.holderIdentityNo }
    const key = scope.socialCreditCode ? `unit:${scope.socialCreditCode}` : `person:${scope.holderIdentityNo}`
    let windows = read.get(key)
    if (!windows) {
      windows = resolveConfig(db, identity).then((config) => ({
        sealDays: config.sealWillExpireDays,
        authDays: config.authWillExpireDays,
      }))
      read.set(key, windows)
    }
    return windows
  }
}

/** 即将到期: a seal in effect whose certificate ends within `days` days of `now`. */
export const sealWillExpire = (seal: { status: string; certEndTime: Date }, now: number, days: number) =>
  seal.status === sealStatus.IN_EFFECT && seal.certEndTime.getTime() - now < days * DAY_MS

/** An authorisation in force at `now` that ends within `days` days of it. */
export const authWillExpire = (auth: { endTime: Date }, now: number, days: number) => {
  const left = auth.endTime.getTime() - now
  return left >= 0 && left < days * DAY_MS
}
