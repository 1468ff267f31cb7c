import { createHash } from 'node:crypto'
import type { Database } from '../../db/client.ts'
import { realNameChecks } from '../tables.ts'
import {
  RealNameTimeout,
  RealNameUnavailable,
  type RealNameProvider,
  type RealNameQuery,
  type RealNameResult,
} from './provider.ts'

export const realNameMessages = {
  mismatch: '手机号与姓名、身份证号不一致，请核对，或使用本人实名登记的手机号',
  timeout: '实名核验服务繁忙，请稍后重试',
  /** Said where a verified identity is required and the caller has none. */
  notVerified: '您尚未通过实名核验，请使用本人实名登记的手机号登录后再办理',
  legalNotVerified: '法定代表人尚未通过实名核验，请先使用本人实名登记的手机号以个人身份登录',
} as const

export type RealNameAnswer = RealNameResult | 'timeout'

/**
 * Asks the provider whether the phone, name and ID number belong together, and records the question and the
 * answer (the ID number only as a hash). A broken vendor counts as no answer: the person is told to try again.
 */
export async function checkRealName(
  db: Database,
  provider: RealNameProvider,
  query: RealNameQuery,
): Promise<RealNameAnswer> {
  const normalised = {
    phone: query.phone.trim(),
    name: query.name.trim(),
    identityNo: query.identityNo.trim().toUpperCase(),
  }
  let result: RealNameAnswer
  try {
    result = await provider.check(normalised)
  } catch (error) {
    if (!(error instanceof RealNameTimeout || error instanceof RealNameUnavailable)) throw error
    result = 'timeout'
  }
  await db.insert(realNameChecks).values({
    phone: normalised.phone,
    name: normalised.name,
    identitySha256: createHash('sha256').update(normalised.identityNo).digest('hex'),
    provider: provider.kind,
    result,
  })
  return result
}
