import { and, eq, inArray } from 'drizzle-orm'
import { authUseTypeNeeds, sealAuthMessages } from '@seal/shared/api/seal-auth'
import { authUseType, sealRole } from '@seal/shared/codes/authorization'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import type { Caller } from '../plugins/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import { isFreshPassedSignature, referenceSampleCount } from '../signing/handwriting.ts'
import { seals, sealAuths } from '../seals/tables.ts'
import { assertSealPin } from '../trust/pin.ts'
import { sealAccess } from '../seals/roles.ts'
import { ACCEPTANCE_SAMPLES } from './service.ts'

/**
 * The use-method switch of the holder's unit seals (000 §4 "Use-method switch", §6: company seals, role 1,
 * in effect; /batch-modify-call-type): to the signature method with a signature written just now, to the
 * password method with the seal password. Each unit named switches all its seals in effect at once; a
 * unit the caller does not hold is 数据不存在, and nothing changes unless every check passes.
 */
export async function switchHolderUseType(
  db: Database,
  caller: Caller,
  body: { batchUseType: { socialCreditCode: string; useType: number }[]; password?: string | null; handWrittenId?: string | null },
  now: Date,
): Promise<number> {
  const codes = body.batchUseType.map((item) => item.socialCreditCode.toUpperCase())
  const held = await db
    .select({ unitId: units.id, code: units.socialCreditCode, legalPersonId: units.legalPersonId })
    .from(units)
    .where(inArray(units.socialCreditCode, codes))
  for (const code of codes) {
    const unit = held.find((row) => row.code === code)
    const isHolder = unit && (caller.kind === 'enterprise' ? caller.unit?.id === unit.unitId : unit.legalPersonId === caller.person.id)
    if (!isHolder) throw notFound()
  }
  const needsSignature = body.batchUseType.some((item) => authUseTypeNeeds.signature(item.useType))
  if (needsSignature && !(body.handWrittenId && (await isFreshPassedSignature(db, caller, body.handWrittenId, now, { orNewSample: true }))))
    throw businessError(sealAuthMessages.signatureRequired)

  const plan = await Promise.all(
    body.batchUseType.map(async (item) => {
      const unit = held.find((row) => row.code === item.socialCreditCode.toUpperCase())!
      const inEffect = await db
        .select({ id: seals.id })
        .from(seals)
        .where(and(eq(seals.unitId, unit.unitId), eq(seals.status, sealStatusWide.VALID), inArray(seals.sealTypeCode, unitSealTypes)))
      return { useType: item.useType, sealIds: inEffect.map((seal) => seal.id) }
    }),
  )
  // Every check first: the seal password proves the holder for each seal whose method comes to include it.
  for (const { useType, sealIds } of plan) {
    if (!authUseTypeNeeds.password(useType)) continue
    if (!body.password) throw businessError(messages.passwordRequired)
    for (const sealId of sealIds) await assertSealPin(db, { sealId, pin: body.password, now })
  }
  return db.transaction(async (tx) => {
    let switched = 0
    for (const { useType, sealIds } of plan) {
      if (sealIds.length === 0) continue
      const rows = await tx.update(seals).set({ useType: String(useType), updatedAt: now }).where(inArray(seals.id, sealIds)).returning({ id: seals.id })
      switched += rows.length
    }
    return switched
  })
}

/** The unit seal types whose use method the holder chooses (personal name seals use a password only). */
const unitSealTypes = [sealTypeCode.UNIT_OFFICIAL, sealTypeCode.FINANCE, sealTypeCode.INVOICE, sealTypeCode.CONTRACT, sealTypeCode.LEGAL_REPRESENTATIVE_NAME, sealTypeCode.OTHER]

/**
 * POST /sealAuth/editUseType (编辑 on /seal-person-list): the holder or a manager changes how a seal user
 * uses the seal. The new method must be one the seal user is set up for — a use password for a password
 * method, their samples for a signature method — so the change never locks them out; a manager cannot edit
 * another manager's authorisation (000 §5).
 */
export async function editGrantUseType(db: Database, caller: Caller, body: { authId: string; useType: number }, now: Date) {
  const [auth] = await db.select().from(sealAuths).where(eq(sealAuths.id, body.authId)).limit(1)
  if (!auth || (auth.status !== 'active' && auth.status !== 'pending')) throw notFound()
  const access = await sealAccess(db, caller, { sealId: auth.sealId }, { roles: [sealRole.LEGAL_PERSON, sealRole.MANAGER], now }).catch(() => {
    throw notFound()
  })
  if (access.role === sealRole.MANAGER && Number(auth.authUseType) === authUseType.MANAGE) throw businessError(messages.cannotRemoveManagerAuthorization.replace('解除', '修改'))
  if (auth.status === 'active') {
    if (authUseTypeNeeds.password(body.useType) && !auth.usePasswordHash) throw businessError(sealAuthMessages.granteeHasNoPassword)
    if (authUseTypeNeeds.signature(body.useType)) {
      const [grantee] = await db.select().from(persons).where(eq(persons.id, auth.granteePersonId)).limit(1)
      if ((await referenceSampleCount(db, grantee!)) < ACCEPTANCE_SAMPLES) throw businessError(sealAuthMessages.granteeHasNoSamples)
    }
  }
  await db.update(sealAuths).set({ useType: String(body.useType) }).where(eq(sealAuths.id, auth.id))
}
