import { messages } from '@seal/shared/messages'
import { unitApplyMessages } from '@seal/shared/rules/unit-apply'

/** The four elements of the four-element check (spec 001 §7 fourElementsOfEnterpriseVerification). */
export type FourElementsQuery = {
  socialCreditCode: string
  unitName: string
  legalPersonName: string
  legalPersonIdentityNo: string
}

/** The business-licence check compares the unit and its legal representative's name, not the ID number. */
export type LicenceQuery = Omit<FourElementsQuery, 'legalPersonIdentityNo'>

/**
 * What the vendor answers: `resultStatus` '00' passed, '40075' the vendor cannot decide (manual review),
 * anything else a failure with the spec's message in `responseInfo` and, where known, what differs in `reason`.
 */
export type EnterpriseCheckResult = {
  resultStatus: string
  responseInfo: string
  passed: boolean
  reason: string | null
}

/**
 * Unit verification of step 1 (DESIGN.md "External services: providers"; docs/providers.md
 * "Enterprise verification"). Both methods throw EnterpriseVerificationTimeout when the vendor does not
 * answer within ENTERPRISE_VERIFY_TIMEOUT_MS, and EnterpriseVerificationUnavailable when it answers
 * nonsense or an error status: neither is a verdict on the unit.
 */
export type EnterpriseProvider = {
  kind: 'sandbox' | 'http'
  fourElements: (query: FourElementsQuery) => Promise<EnterpriseCheckResult>
  licence: (query: LicenceQuery) => Promise<EnterpriseCheckResult>
}

/** Spec 001 §9 "Timeouts: four-element check 60 s". */
export const ENTERPRISE_VERIFY_TIMEOUT_MS = 60_000

/** Result codes of the check. '40075' is the spec's; the failure codes are ours. */
export const enterpriseResultStatus = {
  PASSED: '00',
  /** The elements do not match the register. */
  MISMATCH: '40001',
  /** The register has no unit with this credit code. */
  NOT_FOUND: '40004',
  /** The vendor cannot decide: the applicant may go on to manual review (001 §4, §8). */
  UNDECIDED: '40075',
} as const

/** Messages of the check: the spec's (001 §8) where it quotes one, ours otherwise. */
export const enterpriseMessages = {
  fourElementsFailed: messages.fourElementsFailed,
  licenceFailed: messages.licenceVerificationFailed,
  licenceRejected: messages.licenceVerificationRejectedRetry,
  enterpriseMismatch: messages.enterpriseMismatch,
  undecided: '企业信息暂时无法核实，可返回检查，或继续申请转人工审核',
  notFound: '未查询到该统一社会信用代码登记的单位',
  unitNameDiffers: '单位名称不一致',
  legalNameDiffers: '法定代表人姓名不一致',
  legalIdDiffers: '法定代表人证件号码不一致',
  timeout: unitApplyMessages.verificationTimeout,
  unavailable: '单位核验服务暂不可用，请稍后重试',
} as const

/** The vendor did not answer in time: the applicant may try again; nothing about the unit was decided. */
export class EnterpriseVerificationTimeout extends Error {
  constructor() {
    super(enterpriseMessages.timeout)
    this.name = 'EnterpriseVerificationTimeout'
  }
}

/** The vendor answered with an error status or something that is not its contract. */
export class EnterpriseVerificationUnavailable extends Error {
  /** What went wrong, for the log (the message is the applicant's). */
  readonly detail: string

  constructor(detail: string) {
    super(enterpriseMessages.unavailable)
    this.name = 'EnterpriseVerificationUnavailable'
    this.detail = detail
  }
}
