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
    let response: Response
    let answer: unknown
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        },
        body: JSON.stringify({ method, ...query }),
        signal: AbortSignal.timeout(options.timeoutMs ?? ENTERPRISE_VERIFY_TIMEOUT_MS),
      })
      answer = response.ok ? await response.json() : undefined
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw new EnterpriseVerificationTimeout()
      throw new EnterpriseVerificationUnavailable(error instanceof Error ? error.message : String(error))
    }
    if (!response.ok) throw new EnterpriseVerificationUnavailable(`vendor answered HTTP ${response.status}`)
    return readAnswer(method, answer)
  }
  return {
    kind: 'http',
    fourElements: (query) => ask('fourElements', query),
    licence: (query) => ask('licence', query),
  }
}

function readAnswer(method: 'fourElements' | 'licence', answer: unknown): EnterpriseCheckResult {
  if (typeof answer !== 'object' || answer === null)
    throw new EnterpriseVerificationUnavailable('vendor answer is not an object')
  const { resultStatus, responseInfo, reason } = answer as Record<string, unknown>
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
