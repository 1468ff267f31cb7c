import { fullWidthBrackets } from '@seal/shared/text/normalize'
import type { Database } from '../../db/client.ts'
import {
  EnterpriseVerificationTimeout,
  enterpriseMessages,
  enterpriseResultStatus,
  type EnterpriseCheckResult,
  type EnterpriseProvider,
  type FourElementsQuery,
  type LicenceQuery,
} from '../enterprise-provider.ts'
import { findSandboxEnterprise, type SandboxEnterprise } from './registry.ts'

/**
 * The sandbox enterprise check, deterministic, answering from the sandbox registry (sandbox_enterprises):
 * - a credit code the registry does not hold fails (四要素验证失败 / 营业执照验证失败, reason 未查询到…);
 * - outcome `timeout` throws EnterpriseVerificationTimeout at once: the sandbox does not make anyone wait
 *   the 60 s a real vendor would take to time out;
 * - outcome `40075` answers 40075 whatever was sent (the vendor cannot decide);
 * - outcome `normal` passes when every element matches (unit names after full-width brackets, ID numbers
 *   in upper case) and otherwise fails naming what differs.
 */
export function sandboxEnterpriseProvider(options: { db: Database }): EnterpriseProvider {
  const lookUp = async (socialCreditCode: string) => {
    const unit = await findSandboxEnterprise(options.db, socialCreditCode)
    if (unit?.outcome === 'timeout') throw new EnterpriseVerificationTimeout()
    return unit
  }
  return {
    kind: 'sandbox',
    async fourElements(query) {
      const unit = await lookUp(query.socialCreditCode)
      if (!unit)
        return failure(
          enterpriseResultStatus.NOT_FOUND,
          enterpriseMessages.fourElementsFailed,
          enterpriseMessages.notFound,
        )
      if (unit.outcome === '40075') return undecided()
      const differences = differencesOf(unit, query)
      if (differences.length > 0)
        return failure(
          enterpriseResultStatus.MISMATCH,
          enterpriseMessages.fourElementsFailed,
          differences.join('、'),
        )
      return passed()
    },
    async licence(query) {
      const unit = await lookUp(query.socialCreditCode)
      if (!unit)
        return failure(
          enterpriseResultStatus.NOT_FOUND,
          enterpriseMessages.licenceFailed,
          enterpriseMessages.notFound,
        )
      if (unit.outcome === '40075') return undecided()
      // The licence names another unit: 企业信息不匹配! (001 §8); another legal representative: 营业执照验证不通过，请重试.
      const differences = differencesOf(unit, query)
      if (differences.includes(enterpriseMessages.unitNameDiffers))
        return failure(
          enterpriseResultStatus.MISMATCH,
          enterpriseMessages.enterpriseMismatch,
          differences.join('、'),
        )
      if (differences.length > 0)
        return failure(
          enterpriseResultStatus.MISMATCH,
          enterpriseMessages.licenceRejected,
          differences.join('、'),
        )
      return passed()
    },
  }
}

/** What differs between the register and the query, in the order of the form. */
function differencesOf(unit: SandboxEnterprise, query: FourElementsQuery | LicenceQuery): string[] {
  const differences: string[] = []
  if (fullWidthBrackets(unit.unitName.trim()) !== fullWidthBrackets(query.unitName.trim()))
    differences.push(enterpriseMessages.unitNameDiffers)
  if (unit.legalPersonName.trim() !== query.legalPersonName.trim())
    differences.push(enterpriseMessages.legalNameDiffers)
  if (
    'legalPersonIdentityNo' in query &&
    unit.legalPersonIdentityNo.toUpperCase() !== query.legalPersonIdentityNo.trim().toUpperCase()
  )
    differences.push(enterpriseMessages.legalIdDiffers)
  return differences
}

const passed = (): EnterpriseCheckResult => ({
  resultStatus: enterpriseResultStatus.PASSED,
  responseInfo: '核验通过',
  passed: true,
  reason: null,
})

const undecided = (): EnterpriseCheckResult => ({
  resultStatus: enterpriseResultStatus.UNDECIDED,
  responseInfo: enterpriseMessages.undecided,
  passed: false,
  reason: enterpriseMessages.undecided,
})

const failure = (resultStatus: string, responseInfo: string, reason: string): EnterpriseCheckResult => ({
  resultStatus,
  responseInfo,
  passed: false,
  reason,
})
