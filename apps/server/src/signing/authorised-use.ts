import { eq } from 'drizzle-orm'
import { authUseTypeNeeds, sealAuthMessages } from '@seal/shared/api/seal-auth'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import type { SealAccess } from '../seals/roles.ts'
import { sealAuths } from '../seals/tables.ts'
import { assertUsePassword } from '../seals/use-password.ts'
import { isFreshPassedSignature } from './handwriting.ts'

/**
 * What an authorised user (role 2 or 3) shows before each use of a seal, by the authorisation's use method
 * (000 §3): their use password (counted and locking like the PIN), a handwritten signature that matched
 * their samples a moment ago, or both. The role itself (accepted, in its period, not revoked) was decided
 * by sealAccess. Nothing here touches the seal PIN, which stays the holder's.
 */
export async function assertAuthorisedUse(db: Database, caller: Caller, access: SealAccess, proof: { password?: string | undefined; signatureId?: string | undefined }, now: Date) {
  const auth = access.auth
  if (!auth) throw businessError(sealAuthMessages.notAuthorised)
  const useType = Number(auth.useType)
  if (authUseTypeNeeds.signature(useType)) {
    if (!proof.signatureId) throw businessError(sealAuthMessages.signatureRequired)
    if (!(await isFreshPassedSignature(db, caller, proof.signatureId, now))) throw businessError(sealAuthMessages.signatureMismatch)
  }
  if (authUseTypeNeeds.password(useType)) await assertUsePassword(db, auth, proof.password ?? '', now)
}

/**
 * In the transaction that records an authorised user's use (seal-document.ts `stillEntitled`): the
 * authorisation still accepted and in its period, its row held FOR SHARE so that a revoke (an UPDATE of
 * that row) waits for the use to commit, or commits first and the use is refused as a later call would be.
 */
export async function authorisationStillHolds(tx: Database, authId: string, now: Date) {
  const [auth] = await tx
    .select({ status: sealAuths.status, startTime: sealAuths.startTime, endTime: sealAuths.endTime })
    .from(sealAuths)
    .where(eq(sealAuths.id, authId))
    .for('share')
  const inForce = auth && auth.status === 'active' && auth.startTime <= now && now <= auth.endTime
  if (!inForce) throw businessError(sealAuthMessages.notAuthorised)
}
