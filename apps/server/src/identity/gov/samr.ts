import {
  samrHashInput,
  samrStatus,
  type SamrAuthenticationAnswer,
  type SamrStatus,
} from '@seal/shared/api/gov'
import { sm3Base64 } from '@seal/shared/crypto/sm3'
import type { Database } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import type { Caller } from '../../plugins/caller.ts'
import {
  EnterpriseVerificationTimeout,
  EnterpriseVerificationUnavailable,
  enterpriseMessages,
} from '../enterprise-provider.ts'
import { realNameMessages } from '../real-name/verify.ts'
import type { SamrProvider, SamrQuery } from './samr-provider.ts'
import { samrAuthentications } from './tables.ts'

export const samrServiceMessages = {
  notLegalPerson: '法定代表人身份信息与当前登录人不一致，请由法定代表人本人进行认证',
  timeout: enterpriseMessages.timeout,
  unavailable: '市场监管身份认证服务暂不可用，请稍后重试',
} as const

/** The statuses the hand-off reports on its way to each end (002 §4: pre, licence complete, identity complete; or failure). */
const progressTo: Record<SamrStatus, SamrStatus[]> = {
  [samrStatus.PRE_VERIFICATION]: [samrStatus.PRE_VERIFICATION],
  [samrStatus.SUCCESS]: [samrStatus.PRE_VERIFICATION, samrStatus.SUCCESS],
  [samrStatus.FAILURE]: [samrStatus.PRE_VERIFICATION, samrStatus.FAILURE],
  [samrStatus.IDENTITY_VALIDATED]: [
    samrStatus.PRE_VERIFICATION,
    samrStatus.SUCCESS,
    samrStatus.IDENTITY_VALIDATED,
  ],
}

/**
 * POST /samr/authentication: a verified person authenticates, with the market regulator, a unit whose
 * legal representative they are. The legal representative's hashes must be the caller's own (the server
 * hashes the session's name and ID number and compares), so nobody can test a stranger's ID number; a
 * unit the regulator does not know and one whose facts differ answer alike (3, 企业信息不匹配!).
 * Every question and answer is recorded (the unit's facts only as their hashes).
 */
export async function authenticateWithSamr(options: {
  db: Database
  provider: SamrProvider
  caller: Caller
  query: SamrQuery
}): Promise<SamrAuthenticationAnswer> {
  const { db, caller, query } = options
  if (!caller.person.verified) throw businessError(realNameMessages.notVerified)
  const own = samrHashInput({
    socialCreditCode: '',
    unitName: '',
    legalPersonName: caller.person.name,
    legalPersonIdentityNo: caller.person.identityNo,
  })
  if (
    query.legalPersonName !== sm3Base64(own.legalPersonName) ||
    query.legalPersonIdentityNo !== sm3Base64(own.legalPersonIdentityNo)
  ) {
    throw businessError(samrServiceMessages.notLegalPerson)
  }
  let verdict: Awaited<ReturnType<SamrProvider['authenticate']>>
  try {
    verdict = await options.provider.authenticate(query)
  } catch (error) {
    if (error instanceof EnterpriseVerificationTimeout) throw businessError(samrServiceMessages.timeout)
    if (error instanceof EnterpriseVerificationUnavailable)
      throw businessError(samrServiceMessages.unavailable)
    throw error
  }
  const [row] = await db
    .insert(samrAuthentications)
    .values({
      requestedBy: caller.accountId,
      personId: caller.person.id,
      mode: String(query.mode) as '1' | '2',
      socialCreditCodeHash: query.socialCreditCode,
      unitNameHash: query.unitName,
      provider: options.provider.kind,
      status: verdict.status,
      msg: verdict.msg,
    })
    .returning({ id: samrAuthentications.id })
  return { ranId: row!.id, status: verdict.status, msg: verdict.msg, progress: progressTo[verdict.status] }
}
