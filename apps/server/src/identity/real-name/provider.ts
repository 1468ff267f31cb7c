import { askVendor } from '../vendor-call.ts'

/**
 * Real-name verification of a person (docs/providers.md "Real-name verification"): the carriers' check
 * that a phone number, a name and an ID number belong together. The answer is one of
 * - `pass`: the carrier registered this phone to this name and ID number;
 * - `mismatch`: the carrier knows the phone, registered to someone else (or another name);
 * - `unknown`: the carrier has no real-name record of the phone.
 * No answer in time is RealNameTimeout; a broken vendor is RealNameUnavailable.
 */
export type RealNameResult = 'pass' | 'mismatch' | 'unknown'

export type RealNameQuery = { phone: string; name: string; identityNo: string }

export type RealNameProvider = {
  kind: 'sandbox' | 'http'
  check: (query: RealNameQuery) => Promise<RealNameResult>
}

/** How long a check may take before the person is told to try again (carriers answer in a second or two). */
export const REAL_NAME_TIMEOUT_MS = 10_000

export class RealNameTimeout extends Error {
  constructor() {
    super('real-name check timed out')
  }
}

export class RealNameUnavailable extends Error {}

/**
 * A vendor's three-element check: `POST {url}` with `Authorization: Bearer {key}` (when configured) and JSON
 * `{ phone, name, identityNo }`; the vendor answers 2xx with `{ result: 'pass' | 'mismatch' | 'unknown' }`.
 * No answer within `timeoutMs` is RealNameTimeout; an error status or another shape is RealNameUnavailable.
 */
export function httpRealNameProvider(options: {
  url: string
  key?: string | undefined
  timeoutMs?: number
}): RealNameProvider {
  return {
    kind: 'http',
    async check(query) {
      const { result } = await askVendor(
        { ...options, timeoutMs: options.timeoutMs ?? REAL_NAME_TIMEOUT_MS, body: query, vendor: 'vendor' },
        { timeout: () => new RealNameTimeout(), unavailable: (reason) => new RealNameUnavailable(reason) },
      )
      if (result === 'pass' || result === 'mismatch' || result === 'unknown') return result
      throw new RealNameUnavailable('vendor answer has no result')
    },
  }
}
