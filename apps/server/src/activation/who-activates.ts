import { activationMessages } from '@seal/shared/api/activation'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError, forbidden, notFound } from '../errors.ts'
import { realNameMessages } from '../identity/real-name/verify.ts'
import { loadSealHolder, roleOnSeal, type SealHolder, type SealReference } from '../seals/roles.ts'
import type { Seal } from '../seals/tables.ts'

/** A unit seal with its unit: what activation acts on. */
export type SealToActivate = SealHolder & { unit: NonNullable<SealHolder['unit']> }

/**
 * The seal, if the caller may activate it: the verified person the unit's record names as its legal
 * representative (units.legal_person_id), and nobody else — not a person who only declared the same ID
 * number (您尚未通过实名核验…, said to every unverified caller alike, so it tells nothing of the seal), not
 * the unit's enterprise account in another person's hands, not a manager or an operator. Someone with a
 * role on the seal hears why (仅单位法定代表人本人可激活电子印章); anyone else, an unknown seal and a code
 * that does not match get 数据不存在, the same answer.
 */
export async function sealCallerMayActivate(db: Database, caller: Caller, reference: SealReference, now: Date): Promise<SealToActivate> {
  if (!caller.person.verified) throw businessError(realNameMessages.notVerified)
  const found = await loadSealHolder(db, reference.sealId)
  if (!found || found.seal.ownerKind !== 'unit' || !found.unit) throw notFound()
  if (reference.sealCode && reference.sealCode !== found.seal.sealCode) throw notFound()
  if (reference.sealTypeCode && reference.sealTypeCode !== found.seal.sealTypeCode) throw notFound()
  if (found.holder.personId !== caller.person.id) {
    if (await roleOnSeal(db, caller, found, now)) throw forbidden(activationMessages.legalOnly)
    throw notFound()
  }
  return { ...found, unit: found.unit }
}

/** Refuses a seal that is not waiting for activation, saying whether it already was activated. */
export function assertPendingActivation(seal: Pick<Seal, 'status'>): void {
  if (seal.status === sealStatusWide.PENDING_ACTIVATION) return
  throw businessError(notPendingMessage(seal.status))
}

export const notPendingMessage = (status: string | undefined) =>
  status === sealStatusWide.VALID ? activationMessages.alreadyActivated : activationMessages.notPending
