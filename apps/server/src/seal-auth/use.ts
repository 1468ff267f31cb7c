import { authUseTypeNeeds, sealAuthMessages } from '@seal/shared/api/seal-auth'
import type { Caller } from '../auth/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { isFreshPassedSignature } from '../signing/handwriting.ts'
import type { SealAccess } from './roles.ts'
import { assertUsePassword } from './service.ts'

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
