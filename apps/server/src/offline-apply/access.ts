import { offlineMessages } from '@seal/shared/api/offline-apply'
import { offlineAllows, type OfflineAction } from '@seal/shared/codes/offline-status'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import { findApplication, isApplicant, isNamedLegalRepresentative, mayRead } from '../unit-apply/access.ts'
import { applyServerMessages } from '../unit-apply/messages.ts'
import type { UnitApplication } from '../unit-apply/tables.ts'
import { isOffline, offlineStatusOf } from './form.ts'

/**
 * Who may see or change an offline application (issue #21; unit-apply/access.ts is the rule underneath):
 * - the operator who made it (the applicant), always;
 * - once submitted, the legal representative it names — a verified person whose ID number and name are the
 *   application's — and the unit's enterprise account (a verified person's session of the unit): they read
 *   it, and may withdraw it or record the courier of its paper (the unit's own people mail the materials);
 * - anyone else, and an unknown id, hear the same 未查询到申请记录.
 * Everything that edits the draft is the applicant's alone, and only through the offline door; withdraw and
 * reapply (the one model's moves) also take an application of another door.
 */

const unknown = () => notFound(applyServerMessages.notFound)

/** An application of any door the caller may read (the offline detail shows every record). */
export async function readableOffline(db: Database, caller: Caller, id: string): Promise<UnitApplication> {
  const row = await findApplication(db, id)
  if (!row || !mayRead(caller, row)) throw unknown()
  return row
}

/** Actions the legal representative may take on an operator's offline application besides the operator. */
const legalActions = new Set<OfflineAction>(['withdraw', 'mail'])

/**
 * An application the caller may act on: the applicant for every action its code allows; the named
 * verified legal representative for withdraw and mail. The code must allow the action (当前状态不能进行该操作).
 */
export async function offlineForAction(db: Database, caller: Caller, id: string, action: OfflineAction): Promise<UnitApplication> {
  const row = await findApplication(db, id)
  // Withdraw and reapply are the one model's moves, for an application of any door; mail is the offline
  // door's alone (only its codes 0, 1 and 9 allow it).
  if (!row || !mayAct(caller, row, action)) throw unknown()
  if (!offlineAllows(offlineStatusOf(row), action)) throw businessError(offlineMessages.notAllowed)
  return row
}

function mayAct(caller: Caller, row: UnitApplication, action: OfflineAction): boolean {
  if (isApplicant(caller, row)) return true
  return Boolean(row.submittedAt) && legalActions.has(action) && isNamedLegalRepresentative(caller, row)
}

/** The caller's own offline draft, to edit (暂存 only: 申请已提交，不能修改). */
export async function editableOffline(db: Database, caller: Caller, id: string): Promise<UnitApplication> {
  const row = await findApplication(db, id)
  if (!row || !isOffline(row) || !isApplicant(caller, row)) throw unknown()
  if (!offlineAllows(offlineStatusOf(row), 'continue')) throw businessError(offlineMessages.notDraft)
  return row
}

/** The caller's own offline application, whatever its status. */
export async function ownOffline(db: Database, caller: Caller, id: string): Promise<UnitApplication> {
  const row = await findApplication(db, id)
  if (!row || !isOffline(row) || !isApplicant(caller, row)) throw unknown()
  return row
}
