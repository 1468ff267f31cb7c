import { askVendor } from '../vendor-call.ts'
import {
  ENTERPRISE_VERIFY_TIMEOUT_MS,
  EnterpriseVerificationTimeout,
  EnterpriseVerificationUnavailable,
  enterpriseMessages,
  enterpriseResultStatus,
  type EnterpriseCheckResult,
  type EnterpriseProvider,
} from '../enterprise-provider.ts'

/**
 * A vendor's enterprise check (docs/providers.md "Enterprise verification", http contract):
 * `POST {url}` with `Authorization: Bearer {key}` (when a key is configured) and JSON
 * `{ method: 'fourElements' | 'licence', socialCreditCode, unitName, legalPersonName, legalPersonIdentityNo? }`;
 * the vendor answers 2xx with `{ resultStatus: string, responseInfo?: string, reason?: string }`, where
 * '00' passed, '40075' cannot decide, anything else is a failure. No answer within `timeoutMs` (60 s,
 * spec 001 §9) is EnterpriseVerificationTimeout; an error status or another shape is
 * EnterpriseVerificationUnavailable. Failure messages shown to the applicant are ours (the spec's),
 * the vendor's own text is kept as the reason.
 */
export function httpEnterpriseProvider(options: {
  url: string
  key?: string | undefined
  timeoutMs?: number
}): EnterpriseProvider {
  const ask = async (
    method: 'fourElements' | 'licence',
    query: Record<string, string>,
  ): Promise<EnterpriseCheckResult> => {
    const answer = await askVendor(
      {
        ...options,
        timeoutMs: options.timeoutMs ?? ENTERPRISE_VERIFY_TIMEOUT_MS,
        body: { method, ...query },
        vendor: 'vendor',
      },
      {
        timeout: () => new EnterpriseVerificationTimeout(),
        unavailable: (reason) => new EnterpriseVerificationUnavailable(reason),
      },
    )
    return readAnswer(method, answer)
  }
  return {
    kind: 'http',
    fourElements: (query) => ask('fourElements', query),
    licence: (query) => ask('licence', query),
  }
}

function readAnswer(
  method: 'fourElements' | 'licence',
  answer: Record<string, unknown>,
): EnterpriseCheckResult {
  const { resultStatus, responseInfo, reason } = answer
  if (typeof resultStatus !== 'string' || resultStatus.length === 0 || resultStatus.length > 16)
    throw new EnterpriseVerificationUnavailable('vendor answer has no resultStatus')
  const vendorText =
    [reason, responseInfo]
      .find((v): v is string => typeof v === 'string' && v.trim().length > 0)
      ?.slice(0, 200) ?? null
  if (resultStatus === enterpriseResultStatus.PASSED)
    return { resultStatus, responseInfo: '核验通过', passed: true, reason: null }
  if (resultStatus === enterpriseResultStatus.UNDECIDED)
    return {
      resultStatus,
      responseInfo: vendorText ?? enterpriseMessages.undecided,
      passed: false,
      reason: vendorText ?? enterpriseMessages.undecided,
    }
  const message =
    method === 'fourElements' ? enterpriseMessages.fourElementsFailed : enterpriseMessages.licenceRejected
  return { resultStatus, responseInfo: message, passed: false, reason: vendorText }
}
