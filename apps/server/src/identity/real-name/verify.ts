import { createHash } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { maskLegalPhone } from '@seal/shared/text/masking'
import { forgetCallers } from '../../auth/sessions.ts'
import { accounts, persons, sessions } from '../../auth/tables.ts'
import { recordAudit } from '../../audit/record.ts'
import type { Database } from '../../db/client.ts'
import { realNameChecks } from '../tables.ts'
import { RealNameTimeout, RealNameUnavailable, type RealNameProvider, type RealNameQuery, type RealNameResult } from './provider.ts'

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
export async function checkRealName(db: Database, provider: RealNameProvider, query: RealNameQuery): Promise<RealNameAnswer> {
  const normalised = { phone: query.phone.trim(), name: query.name.trim(), identityNo: query.identityNo.trim().toUpperCase() }
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

/** Marks a person verified (once: the first method stays on record). */
export async function markVerified(db: Database, personId: string, method: 'three-element' | 'face'): Promise<void> {
  await db
    .update(persons)
    .set({ verifiedAt: new Date(), verificationMethod: method })
    .where(and(eq(persons.id, personId), isNull(persons.verifiedAt)))
  forgetCallers(db, { personId })
}

/**
 * A verified claim of an ID number takes it back from the unverified person who declared it first: the row
 * (and with it whatever the ID number is linked to — a unit that names it as legal representative, an
 * application, an authorisation) now belongs to the verified phone; every session of the declared phone ends.
 * Answers the row, or undefined when the holder is verified (the claim is refused) or nobody holds the number.
 */
export async function reclaimIdentity(
  db: Database,
  claim: { phone: string; name: string; identityType: string; identityNo: string; ip?: string | undefined },
): Promise<typeof persons.$inferSelect | undefined> {
  const reclaimed = await db.transaction(async (tx) => {
    const [holder] = await tx
      .select()
      .from(persons)
      .where(and(eq(persons.identityType, claim.identityType), eq(persons.identityNo, claim.identityNo)))
      .for('update')
    if (!holder || holder.verifiedAt) return undefined
    const [row] = await tx
      .update(persons)
      .set({ phone: claim.phone, name: claim.name, verifiedAt: new Date(), verificationMethod: 'three-element' })
      .where(eq(persons.id, holder.id))
      .returning()
    const holderAccounts = tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.personId, holder.id))
    await tx.update(sessions).set({ revokedAt: new Date() }).where(and(inArray(sessions.accountId, holderAccounts), isNull(sessions.revokedAt)))
    await recordAudit(tx as unknown as Database, {
      action: 'identity.reclaimed',
      target: holder.id,
      detail: { formerPhone: maskLegalPhone(holder.phone), phone: maskLegalPhone(claim.phone), formerName: holder.name },
      ip: claim.ip,
    })
    return row
  })
  if (reclaimed) forgetCallers(db, { personId: reclaimed.id })
  return reclaimed
}
