import { createHash, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm'
import { activationMessages, type ActiveSealNewAnswer, type ActiveSealPreAnswer, type WaitActiveSeal } from '@seal/shared/api/activation'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import type { Caller } from '../plugins/caller.ts'
import { recordAudit } from '../audit/record.ts'
import { units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import type { FileStore } from '../files/store.ts'
import type { OcrProvider } from '../identity/ocr-provider.ts'
import { sealPictureLink } from '../seals/picture-link.ts'
import { representsUnit, type SealReference } from '../seals/roles.ts'
import { seals } from '../seals/tables.ts'
import type { Trust } from '../trust/context.ts'
import { checkPinRule, hashSealPin, storePinHash } from '../trust/pin.ts'
import { checkLegalIdPhotos } from './id-photos.ts'
import { sealActivationTickets } from './tables.ts'
import { assertPendingActivation, notPendingMessage, sealCallerMayActivate } from './who-activates.ts'

/** A ranId is good for one activation within this time. */
export const RAN_ID_TTL_MS = 10 * 60_000

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * POST /seal/queryWaitActive: the unit seals waiting for activation (wide status 4) of the units whose
 * verified legal representative the caller is — the only seals he may activate — by unit name, then seal
 * type; one unit's with `socialCreditCode`. Anyone else gets none. One query.
 */
export async function sealsWaitingForCaller(options: {
  db: Database
  caller: Caller
  picture: { fileAccessKey: Buffer } | null
  socialCreditCode?: string | null | undefined
}): Promise<WaitActiveSeal[]> {
  const { caller } = options
  const code = options.socialCreditCode?.trim().toUpperCase()
  const rows = await options.db
    .select({ seal: seals, unitName: units.name, socialCreditCode: units.socialCreditCode })
    .from(seals)
    .innerJoin(units, eq(units.id, seals.unitId))
    .where(and(representsUnit(caller.person), eq(seals.status, sealStatusWide.PENDING_ACTIVATION), code ? eq(units.socialCreditCode, code) : undefined))
    .orderBy(asc(units.name), asc(units.id), asc(seals.sealTypeCode), desc(seals.createdAt), desc(seals.id))
  const now = Date.now()
  return rows.map(({ seal, unitName, socialCreditCode }) => ({
    id: seal.id,
    sealId: seal.id,
    sealName: seal.sealName,
    sealTypeCode: seal.sealTypeCode,
    sealTypeName: sealTypeLabel(seal.sealTypeCode),
    sealCode: seal.sealCode,
    businessName: unitName,
    socialCreditCode,
    sealPic: options.picture ? sealPictureLink(options.picture.fileAccessKey, seal.imageFileId, now) : null,
    status: seal.status,
    certStartTime: seal.certStartTime.getTime(),
    certEndTime: seal.certEndTime.getTime(),
  }))
}

/**
 * POST /seal/activeSealPre: the legal representative shows his ID card (both photos, read by OCR on the
 * server and checked against the unit's record of him) for one seal waiting for activation, and gets a
 * ranId: single-use, good for RAN_ID_TTL_MS, bound to him and to that seal. Only its hash is stored; an
 * unspent ranId of his for the same seal is replaced.
 */
export async function issueActivationRanId(options: {
  db: Database
  store: FileStore
  ocr: OcrProvider
  caller: Caller
  reference: SealReference
  front: string
  back: string
  now: Date
  ip?: string | undefined
}): Promise<ActiveSealPreAnswer> {
  const { db, caller, now } = options
  const found = await sealCallerMayActivate(db, caller, options.reference, now)
  assertPendingActivation(found.seal)
  await checkLegalIdPhotos({ ...options, legal: found.holder })
  const ranId = `AC${randomBytes(24).toString('base64url')}`
  const expiresAt = new Date(now.getTime() + RAN_ID_TTL_MS)
  await db.transaction(async (tx) => {
    await tx
      .delete(sealActivationTickets)
      .where(and(eq(sealActivationTickets.sealId, found.seal.id), eq(sealActivationTickets.personId, caller.person.id), isNull(sealActivationTickets.usedAt)))
    const [ticket] = await tx
      .insert(sealActivationTickets)
      .values({ ranIdSha256: sha256(ranId), sealId: found.seal.id, personId: caller.person.id, accountId: caller.accountId, frontFileId: options.front, backFileId: options.back, expiresAt })
      .returning({ id: sealActivationTickets.id })
    await recordAudit(tx as unknown as Database, { accountId: caller.accountId, action: 'seal.activation.identity', target: found.seal.id, detail: { ticketId: ticket!.id }, ip: options.ip })
  })
  return { ranId, expiresAt: expiresAt.getTime() }
}

/**
 * POST /seal/activeSealNew: the legal representative's new seal password (the shared seal password rule)
 * becomes the seal's PIN and the seal goes into effect (4 → 1), spending the ranId, in one transaction. The
 * seal's conditional update decides: of any number of activations at once one wins, the others hear
 * 该印章已激活，无需重复激活; a ranId spent, expired, another person's or another seal's activates nothing.
 */
export async function activateSeal(options: {
  trust: Trust
  caller: Caller
  reference: SealReference
  ranId: string
  newPin: string
  socialCreditCode?: string | null | undefined
  ip?: string | undefined
}): Promise<ActiveSealNewAnswer> {
  const { trust, caller } = options
  const now = trust.now()
  const found = await sealCallerMayActivate(trust.db, caller, options.reference, now)
  const code = options.socialCreditCode?.trim().toUpperCase()
  if (code && code !== found.unit.socialCreditCode) throw businessError(activationMessages.creditCodeMismatch)
  assertPendingActivation(found.seal)
  checkPinRule(options.newPin, 'strict')
  const pinHash = await hashSealPin(options.newPin)

  await trust.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database
    const [activated] = await tx
      .update(seals)
      .set({ status: sealStatusWide.VALID, updatedAt: now })
      .where(and(eq(seals.id, found.seal.id), eq(seals.status, sealStatusWide.PENDING_ACTIVATION)))
      .returning({ id: seals.id })
    if (!activated) {
      const [current] = await tx.select({ status: seals.status }).from(seals).where(eq(seals.id, found.seal.id))
      throw businessError(notPendingMessage(current?.status))
    }
    const [ticket] = await tx
      .update(sealActivationTickets)
      .set({ usedAt: now })
      .where(
        and(
          eq(sealActivationTickets.ranIdSha256, sha256(options.ranId)),
          eq(sealActivationTickets.sealId, found.seal.id),
          eq(sealActivationTickets.personId, caller.person.id),
          isNull(sealActivationTickets.usedAt),
          gt(sealActivationTickets.expiresAt, now),
        ),
      )
      .returning({ id: sealActivationTickets.id })
    // Thrown inside the transaction: the seal stays pending.
    if (!ticket) throw businessError(activationMessages.ranIdInvalid)
    await storePinHash(tx, found.seal.id, pinHash, now)
    await recordAudit(tx, { accountId: caller.accountId, action: 'seal.activated', target: found.seal.id, detail: { ticketId: ticket.id }, ip: options.ip })
  })
  return { resultStatus: '00', sealId: found.seal.id, status: sealStatusWide.VALID }
}
