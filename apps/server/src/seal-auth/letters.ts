import { and, eq } from 'drizzle-orm'
import { sealRole } from '@seal/shared/codes/authorization'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { notFound } from '../errors.ts'
import { findFileById } from '../files/service.ts'
import { loadSealHolder, roleOnSeal } from '../seals/roles.ts'
import { sealAuths } from '../seals/tables.ts'

/**
 * An authorisation letter (/auth-file/{fileId}, /authorization-done/{fileId}), for the parties to it: the
 * seal user, the grantor, and whoever is holder or manager of the seal now. A draft's unsigned letter is
 * the grantor's own file. Anyone else: 文件ID不存在.
 */
export async function readableLetter(db: Database, caller: Caller, fileId: string, now: Date) {
  const file = await findFileById(db, fileId).catch(() => undefined)
  if (!file || !file.mediaType.includes('pdf')) throw notFound('文件ID不存在')
  if (file.ownerAccountId === caller.accountId) return file
  const [auth] = await db.select().from(sealAuths).where(eq(sealAuths.letterFileId, fileId)).limit(1)
  if (!auth) throw notFound('文件ID不存在')
  if (auth.granteePersonId === caller.person.id || auth.grantorPersonId === caller.person.id) return file
  const found = await loadSealHolder(db, auth.sealId)
  const role = found && (await roleOnSeal(db, caller, found, now))
  if (role && (role.role === sealRole.LEGAL_PERSON || role.role === sealRole.MANAGER)) return file
  throw notFound('文件ID不存在')
}

/** Whether an authorisation of this seal is waiting for this person to accept it. */
export async function isWaitingFor(db: Database, sealId: string, personId: string): Promise<boolean> {
  const count = await db.$count(sealAuths, and(eq(sealAuths.sealId, sealId), eq(sealAuths.granteePersonId, personId), eq(sealAuths.status, 'pending')))
  return count > 0
}
