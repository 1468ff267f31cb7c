import { eq } from 'drizzle-orm'
import { sealRole, type SealRole } from '@seal/shared/codes/authorization'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { roleOnSeal, loadSealHolder } from '../seals/roles.ts'
import { sealUseRecords } from './tables.ts'

/**
 * Which of a seal's use records its role sees (spec 000 §6): the holder and managers every use, an
 * authorised user (role 3) only their own — the person the list is narrowed to; undefined for all.
 * The one rule for the use-record list and for what it links to (`maySeeUseRecord`).
 */
export const useRecordsOnlyOf = (caller: Caller, role: SealRole): string | undefined =>
  role === sealRole.AUTHORIZED_USER ? caller.person.id : undefined

/** Whether the caller would find this record in its seal's use-record list: a role on the seal, then the rule above. */
export async function maySeeUseRecord(
  db: Database,
  caller: Caller,
  record: { sealId: string; userPersonId: string | null },
  now: Date,
): Promise<boolean> {
  const found = await loadSealHolder(db, record.sealId)
  if (!found) return false
  const access = await roleOnSeal(db, caller, found, now)
  if (!access) return false
  const onlyOf = useRecordsOnlyOf(caller, access.role)
  return onlyOf === undefined || record.userPersonId === onlyOf
}

/**
 * Whether a stored file is the signed document of a use record the caller may see (issue #12): the seal's
 * holder reads what a platform or an authorised user sealed with it. Looked up by the record's
 * document_file_id (index seal_use_records_document_file_idx); each signature stores a file of its own, so
 * one record at most names it. app.ts hands it to files/ as `app.mayReadFile`.
 */
export async function mayReadUseRecordDocument(db: Database, caller: Caller, fileId: string, now: Date): Promise<boolean> {
  const [record] = await db
    .select({ sealId: sealUseRecords.sealId, userPersonId: sealUseRecords.userPersonId })
    .from(sealUseRecords)
    .where(eq(sealUseRecords.documentFileId, fileId))
    .limit(1)
  return record ? maySeeUseRecord(db, caller, record, now) : false
}
