import type { SmsProvider } from '../../identity/sms-provider.ts'
import type { Trust } from '../../trust/context.ts'

export type ReviewSettings = {
  mode: 'auto' | 'manual'
  /** Where outcome notices go; none, no notice. */
  sms: SmsProvider | null
  /** A failure that must not fail the caller (automatic review, a notice). Never given a secret. */
  warn: (message: string, error: unknown) => void
}

/**
 * The review settings of one service, keyed by its trust's key wrapper: copies of the trust made for a
 * transaction (`{ ...app.trust, db: tx }`) share it. The app sets them once at build (app.ts).
 */
const settingsByService = new WeakMap<object, ReviewSettings>()
const manualWithoutNotices: ReviewSettings = { mode: 'manual', sms: null, warn: () => {} }

export function configureReview(trust: Trust, settings: ReviewSettings): void {
  settingsByService.set(trust.keys, settings)
}

export const settingsOf = (trust: Trust) => settingsByService.get(trust.keys) ?? manualWithoutNotices
