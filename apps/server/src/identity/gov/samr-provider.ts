import { askVendor } from '../vendor-call.ts'
import { samrStatus, type SamrStatus } from '@seal/shared/api/gov'
import {
  ENTERPRISE_VERIFY_TIMEOUT_MS,
  EnterpriseVerificationTimeout,
  EnterpriseVerificationUnavailable,
  enterpriseMessages,
} from '../enterprise-provider.ts'

/**
 * The market regulator's authentication of an enterprise (spec 001 §7, 002 §7 "/samr/authentication";
 * docs/providers.md "Market-regulator authentication"): it receives only SM3 hashes (base64) of the unit's
 * credit code and name and of its legal representative's name and ID number, and answers where the
 * authentication stands: 1 pre-verification (accepted, not decided), 2 licence verified, 3 failure,
 * 4 identity validated. It throws EnterpriseVerificationTimeout and EnterpriseVerificationUnavailable as
 * the enterprise check does: neither is a verdict.
 */
export type SamrQuery = {
  mode: 1 | 2
  socialCreditCode: string
  unitName: string
  legalPersonName: string
  legalPersonIdentityNo: string
}

export type SamrVerdict = { status: SamrStatus; msg: string }

export type SamrProvider = {
  kind: 'sandbox' | 'http'
  authenticate: (query: SamrQuery) => Promise<SamrVerdict>
}

/** What each status says (the messages of the hand-off's callbacks, 002 §4); a failure says one thing whatever failed. */
export const samrMessages = {
  [samrStatus.PRE_VERIFICATION]: enterpriseMessages.undecided,
  [samrStatus.SUCCESS]: '营业执照核验完成',
  [samrStatus.FAILURE]: enterpriseMessages.enterpriseMismatch,
  [samrStatus.IDENTITY_VALIDATED]: '身份核验完成',
} as const satisfies Record<SamrStatus, string>

const statuses = new Set<string>(Object.values(samrStatus))

/**
 * A regulator gateway over http: `POST {url}` with `Authorization: Bearer {key}` (when configured) and JSON
 * `{ mode, socialCreditCode, unitName, legalPersonName, legalPersonIdentityNo }` (the hashes as sent to us);
 * it answers 2xx with `{ status: '1' | '2' | '3' | '4' }` (a number is read too). No answer within
 * `timeoutMs` (60 s, as the enterprise check) is a timeout; an error status or another shape is unavailable.
 * The message shown is ours for each status, so a failure reads the same whatever the gateway found.
 */
export function httpSamrProvider(options: {
  url: string
  key?: string | undefined
  timeoutMs?: number
}): SamrProvider {
  return {
    kind: 'http',
    async authenticate(query) {
      const answer = await askVendor(
        {
          ...options,
          timeoutMs: options.timeoutMs ?? ENTERPRISE_VERIFY_TIMEOUT_MS,
          body: query,
          vendor: 'regulator',
        },
        {
          timeout: () => new EnterpriseVerificationTimeout(),
          unavailable: (reason) => new EnterpriseVerificationUnavailable(reason),
        },
      )
      const status = String(answer.status)
      if (!statuses.has(status)) throw new EnterpriseVerificationUnavailable('regulator answer has no status')
      return { status: status as SamrStatus, msg: samrMessages[status as SamrStatus] }
    },
  }
}
