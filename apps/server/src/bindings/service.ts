import { and, eq } from 'drizzle-orm'
import { bindingMessages, cancelProofUseType, type SealBindAnswer } from '@seal/shared/api/binding'
import { authUseTypeNeeds, sealAuthMessages } from '@seal/shared/api/seal-auth'
import { sealRole } from '@seal/shared/codes/authorization'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { uniqueViolationOf } from '../db/errors.ts'
import { AppError, businessError, notFound } from '../errors.ts'
import { enqueuePlatformEvent } from '../platforms/events.ts'
import { platforms, type Platform } from '../platforms/tables.ts'
import { NOT_YOUR_ROLE, sealAccess, type SealAccess } from '../seals/roles.ts'
import { assertUsePassword } from '../seals/use-password.ts'
import { assertAuthorisedUse } from '../signing/authorised-use.ts'
import { isFreshPassedSignature } from '../signing/handwriting.ts'
import { assertSealPin } from '../trust/pin.ts'
import { forgetPlatformCounts } from './platform-counts.ts'
import { bindingInEffect, bindingNotInEffect, platformIsFull, releaseEndedBinding } from './state.ts'
import { ONE_BINDING_IN_EFFECT_INDEX, sealBindings, type SealBinding } from './tables.ts'

/**
 * Binding a seal to a platform (002 §4 "Binding"), its cancellation and its rebinding. Who may: the seal's
 * holder (role 1: the person of a name seal, the legal representative or company account of a unit seal)
 * and a manager of the seal (role 2: an accepted management authorisation in its period). An authorised
 * user (role 3) may use the seal document by document but not hand it to a platform: a binding lets the
 * platform seal without asking anyone again, which is management, not use (docs/decisions.md).
 */

/** The seal with the caller's role on it, refused unless role 1 or 2; role 3 hears why. */
async function bindingAccess(db: Database, caller: Caller, reference: { sealId: string; sealCode?: string | null | undefined; sealTypeCode?: string | null | undefined }, now: Date): Promise<SealAccess> {
  try {
    return await sealAccess(db, caller, { sealId: reference.sealId, sealCode: reference.sealCode ?? undefined, sealTypeCode: reference.sealTypeCode ?? undefined }, { roles: [sealRole.LEGAL_PERSON, sealRole.MANAGER], now })
  } catch (error) {
    if (error instanceof AppError && error.message === NOT_YOUR_ROLE) throw businessError(bindingMessages.useOnly)
    throw error
  }
}

/**
 * The use method a binding is confirmed with, for this caller: the holder's is the seal's own (a name
 * seal: the password only, 000 §3), a manager's is their authorisation's.
 */
export function bindingUseType(access: Pick<SealAccess, 'role' | 'seal' | 'auth'>): number {
  if (access.role !== sealRole.LEGAL_PERSON) return Number(access.auth?.useType ?? 2)
  if (access.seal.sealTypeCode === sealTypeCode.PERSONAL_NAME) return 2
  return Number(access.seal.useType)
}

type Proof = { password?: string | null | undefined; signatureId?: string | null | undefined }

/**
 * Checks what the use method asks (the existing checks, with their attempt counters): a signature saved a
 * moment ago that matched the caller's samples; the seal PIN for the holder, the use password for a manager.
 * A missing proof is refused before anything is counted.
 */
async function confirmUse(db: Database, caller: Caller, access: SealAccess, proof: Proof, now: Date): Promise<number> {
  const method = bindingUseType(access)
  const password = proof.password?.trim() ? proof.password : undefined
  const signatureId = proof.signatureId ?? undefined
  if (authUseTypeNeeds.signature(method) && !signatureId) throw businessError(sealAuthMessages.signatureRequired)
  if (authUseTypeNeeds.password(method) && !password) throw businessError(bindingMessages.passwordRequired)
  if (access.role === sealRole.LEGAL_PERSON) {
    if (authUseTypeNeeds.signature(method) && !(await isFreshPassedSignature(db, caller, signatureId!, now))) throw businessError(sealAuthMessages.signatureMismatch)
    if (authUseTypeNeeds.password(method)) await assertSealPin(db, { sealId: access.seal.id, pin: password!, now })
  } else {
    await assertAuthorisedUse(db, caller, access, { password, signatureId }, now)
  }
  return method
}

/**
 * What 取消绑定 asks (cancelProofUseType): the holder's seal PIN; a manager's use password, or — when their
 * authorisation's use method is handwriting only, so they have no use password — a signature written a
 * moment ago that matched their samples, as binding takes it. Passwords go through the counted checks; a
 * missing proof is refused before anything is counted.
 */
async function confirmCancel(db: Database, caller: Caller, access: SealAccess, proof: Proof, now: Date) {
  const password = proof.password?.trim() ? proof.password : undefined
  if (access.role === sealRole.LEGAL_PERSON) {
    if (!password) throw businessError(bindingMessages.passwordRequired)
    await assertSealPin(db, { sealId: access.seal.id, pin: password, now })
    return
  }
  if (!access.auth) throw businessError(sealAuthMessages.notAuthorised)
  if (cancelProofUseType(access.role, Number(access.auth.useType)) === 1) {
    if (!proof.signatureId) throw businessError(sealAuthMessages.signatureRequired)
    if (!(await isFreshPassedSignature(db, caller, proof.signatureId, now))) throw businessError(sealAuthMessages.signatureMismatch)
    return
  }
  if (!password) throw businessError(bindingMessages.passwordRequired)
  await assertUsePassword(db, access.auth, password, now)
}

export async function activePlatform(db: Database, platformId: string): Promise<Platform> {
  const [platform] = await db.select().from(platforms).where(eq(platforms.id, platformId)).limit(1)
  if (!platform || platform.status !== 'active') throw businessError(bindingMessages.platformNotFound)
  return platform
}

/**
 * Holds the platform's row for the rest of the transaction, so bindings to one platform are counted against
 * its totality one at a time; answers when it is full.
 */
async function takePlatformPlace(tx: Database, platformId: string, now: Date) {
  const [platform] = await tx.select({ totality: platforms.totality }).from(platforms).where(eq(platforms.id, platformId)).for('update')
  if (platform?.totality !== null && platform?.totality !== undefined && (await platformIsFull(tx, platformId, platform.totality, now))) throw businessError(bindingMessages.platformFull)
}

const eventPayload = (binding: SealBinding, access: SealAccess) => ({
  bindingId: binding.id,
  sealId: access.seal.id,
  sealName: access.seal.sealName,
  sealCode: access.seal.sealCode,
  sealTypeCode: access.seal.sealTypeCode,
  holderName: access.unit?.name ?? access.holder.name,
  socialCreditCode: access.unit?.socialCreditCode ?? null,
  useType: binding.useType,
  // As the seal.* events carry it (docs/platforms.md "Webhooks"): "1" after a bind or rebind, "0" after a cancel.
  bindState: binding.bindState,
  boundAt: binding.boundAt.toISOString(),
})

function answerOf(binding: SealBinding, access: SealAccess, platform: Platform): SealBindAnswer {
  return {
    recordId: binding.id,
    sealId: access.seal.id,
    sealName: access.seal.sealName,
    sealCode: access.seal.sealCode,
    sealTypeCode: access.seal.sealTypeCode,
    platformId: platform.id,
    clientName: platform.clientName,
    bindState: 1,
    useType: Number(binding.useType),
    bindTime: binding.boundAt.getTime(),
  }
}

/** The one-in-effect index said no: another binding of this seal to this platform is in effect. */
function alreadyBoundOr(error: unknown): never {
  if (uniqueViolationOf(error) === ONE_BINDING_IN_EFFECT_INDEX) throw businessError(bindingMessages.alreadyBound)
  throw error
}

const inEffectFor = (db: Database, sealId: string, platformId: string, now: Date) =>
  db
    .select({ id: sealBindings.id })
    .from(sealBindings)
    .where(and(eq(sealBindings.sealId, sealId), eq(sealBindings.platformId, platformId), bindingInEffect(now)))
    .limit(1)

/**
 * POST /paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo: confirms the seal for binding by what its
 * use method asks and binds it to the platform. However many arrive at once, one binding is made: the
 * partial unique index (one in effect per seal and platform) refuses the rest with 该印章已绑定此平台.
 */
export async function bindSeal(options: { db: Database; caller: Caller; platform: Platform; body: { sealId: string; sealCode?: string | null | undefined; sealTypeCode?: string | null | undefined } & Proof; now: Date }): Promise<SealBindAnswer> {
  const { db, caller, platform, body, now } = options
  const access = await bindingAccess(db, caller, body, now)
  if (access.seal.status !== sealStatusWide.VALID || access.seal.certEndTime <= now) throw businessError(bindingMessages.sealNotInEffect)
  // Said before any password is taken: a second try at a bound seal costs no attempt.
  if ((await inEffectFor(db, access.seal.id, platform.id, now)).length > 0) throw businessError(bindingMessages.alreadyBound)
  const useType = await confirmUse(db, caller, access, body, now)

  const binding = await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Database
      await takePlatformPlace(tx, platform.id, now)
      await releaseEndedBinding(tx, { sealId: access.seal.id, platformId: platform.id, now })
      const [row] = await tx
        .insert(sealBindings)
        .values({ sealId: access.seal.id, platformId: platform.id, personId: caller.person.id, authId: access.auth?.id ?? null, useType: String(useType), bindState: '1', boundAt: now })
        .returning()
      await enqueuePlatformEvent(tx, platform.id, 'binding.created', eventPayload(row!, access))
      return row!
    })
    .catch(alreadyBoundOr)
  forgetPlatformCounts(db)
  return answerOf(binding, access, platform)
}

/** The record, if the caller may act on its seal as holder or manager (else 数据不存在 / why not). */
async function recordFor(db: Database, caller: Caller, recordId: string, now: Date) {
  const [record] = await db.select().from(sealBindings).where(eq(sealBindings.id, recordId)).limit(1)
  if (!record) throw notFound()
  const access = await bindingAccess(db, caller, { sealId: record.sealId }, now)
  const [live] = await db
    .select({ id: sealBindings.id })
    .from(sealBindings)
    .where(and(eq(sealBindings.id, record.id), bindingInEffect(now)))
  return { record, access, inEffect: Boolean(live) }
}

/**
 * POST /paas-composite-seal/sealBind/rebind (重新绑定 on a record no longer in effect): confirmed as a new
 * binding is, then the same record is in effect again — bound by the caller, under their role now.
 */
export async function rebindSeal(options: { db: Database; caller: Caller; platform: Platform; recordId: string; body: { sealId: string } & Proof; now: Date }): Promise<SealBindAnswer> {
  const { db, caller, platform, body, now } = options
  const { record, access, inEffect } = await recordFor(db, caller, options.recordId, now)
  if (record.sealId !== body.sealId || record.platformId !== platform.id) throw notFound()
  if (access.seal.status !== sealStatusWide.VALID || access.seal.certEndTime <= now) throw businessError(bindingMessages.sealNotInEffect)
  if (inEffect) throw businessError(bindingMessages.stillInEffect)
  if ((await inEffectFor(db, record.sealId, platform.id, now)).length > 0) throw businessError(bindingMessages.alreadyBound)
  const useType = await confirmUse(db, caller, access, body, now)

  const binding = await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Database
      await takePlatformPlace(tx, platform.id, now)
      await releaseEndedBinding(tx, { sealId: record.sealId, platformId: platform.id, now, except: record.id })
      const [row] = await tx
        .update(sealBindings)
        .set({ bindState: '1', personId: caller.person.id, authId: access.auth?.id ?? null, useType: String(useType), boundAt: now, cancelledAt: null, cancelledByPersonId: null })
        // Not in effect at the moment of the update: cancelled (0), or a 1 whose seal or authorisation ended.
        .where(and(eq(sealBindings.id, record.id), bindingNotInEffect(now)))
        .returning()
      if (!row) throw businessError(bindingMessages.stillInEffect)
      await enqueuePlatformEvent(tx, platform.id, 'binding.rebound', eventPayload(row, access))
      return row
    })
    .catch(alreadyBoundOr)
  forgetPlatformCounts(db)
  return answerOf(binding, access, platform)
}

/**
 * POST /paas-composite-seal/sealBind/cancel: the holder (seal PIN) or a manager (their use password, or a
 * fresh matching signature when their use method is handwriting only) ends a binding in effect; the
 * platform can no longer use the seal from that moment, and is told.
 */
export async function cancelBinding(options: { db: Database; caller: Caller; recordId: string; proof: Proof; now: Date }) {
  const { db, caller, now } = options
  const { record, access, inEffect } = await recordFor(db, caller, options.recordId, now)
  if (!inEffect) throw businessError(bindingMessages.notCancellable)
  await confirmCancel(db, caller, access, options.proof, now)
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database
    const [row] = await tx
      .update(sealBindings)
      .set({ bindState: '0', cancelledAt: now, cancelledByPersonId: caller.person.id })
      .where(and(eq(sealBindings.id, record.id), eq(sealBindings.bindState, '1')))
      .returning()
    if (!row) throw businessError(bindingMessages.notCancellable)
    await enqueuePlatformEvent(tx, record.platformId, 'binding.cancelled', { ...eventPayload(row, access), cancelledAt: now.toISOString() })
  })
  forgetPlatformCounts(db)
}
