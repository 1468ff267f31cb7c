import { eq, inArray } from 'drizzle-orm'
import type { ApplyLogAnswer, ApplyLogSeal } from '@seal/shared/api/older-apply'
import { applyLogStatus, applyStatus, applyStatusLabels, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { sealOptionBusinessType } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { olderApplyMessages } from '@seal/shared/rules/older-apply'
import { maskIdNumber } from '@seal/shared/text/masking'
import type { Caller } from '../plugins/caller.ts'
import { units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { sealPictureLink } from '../seals/picture-link.ts'
import { seals } from '../seals/tables.ts'
import { readableApplication } from '../unit-apply/access.ts'
import type { UnitApplication } from '../unit-apply/tables.ts'

/** The result page's reading of an application's status (001 §4 "Apply-log result"). */
function logStatusOf(status: string): ApplyLogAnswer['applyStatus'] {
  if (status === applyStatus.APPLY_SUCCESS) return applyLogStatus.SUCCESS
  if (status === applyStatus.APPLY_FAIL || status === applyStatus.CANCELED || status === applyStatus.LEGAL_REFUSED) return applyLogStatus.FAILURE
  return applyLogStatus.WAITING
}

/** Why an application failed, as the applicant reads it: the reviewer's reasons, or what ended it. */
function failReasonOf(row: UnitApplication): string | null {
  if (logStatusOf(row.applyStatus) !== applyLogStatus.FAILURE) return null
  return row.failReason ?? applyStatusLabels[row.applyStatus as ApplyStatus] ?? null
}

/**
 * GET /seal/queryLogById/{id}: the application `id` as the older result page reads it, computed from the
 * application (the one model behind every door): 0 while it waits (submitted, in review, being made),
 * 1 once a seal was made (with the seals and their validity), 2 when it failed (with the reason and when the
 * platform answered). Whoever may read the application may read this (unit-apply/access.ts); the pictures of
 * the seals made go only to their holder (the unit's verified legal representative or its enterprise account).
 */
export async function applyLogOf(options: { db: Database; caller: Caller; id: string; fileAccessKey: Buffer }): Promise<ApplyLogAnswer> {
  const { db, caller } = options
  const row = await readableApplication(db, caller, options.id)
  if (row.applyStatus === applyStatus.TEMPORARY_SAVE) throw businessError(olderApplyMessages.notSubmitted)
  const form = row.form
  const made = await madeSeals(db, caller, row, options.fileAccessKey)
  const first = made[0]
  return {
    id: row.id,
    applyStatus: logStatusOf(row.applyStatus),
    failReason: failReasonOf(row),
    feedbackTime: row.reviewedAt?.getTime() ?? null,
    certStartTime: first?.certStartTime ?? null,
    certEndTime: first?.certEndTime ?? null,
    sealTypeCode: row.sealTypes,
    businessName: row.unitName,
    socialCreditCode: row.socialCreditCode,
    timestamp: row.submittedAt?.getTime() ?? null,
    personIdentity: maskIdNumber(row.legalPersonIdentityNo),
    personName: form.legalPersonName,
    unitAdminNum: form.addr.at(-1) ?? '',
    unitTypeCode: form.unitTypeCode,
    applyType: sealOptionBusinessType.APPLY,
    sealPic: first?.sealPic ?? null,
    sealCode: first?.sealCode ?? '',
    seals: made,
    failSeals: row.failSealItems.map((item) => ({ sealTypeCode: item.sealTypeCode, sealName: item.sealName, failReason: item.failReason })),
  }
}

/** The seals the application made, in the order they were made; pictures for their holder only. */
async function madeSeals(db: Database, caller: Caller, row: UnitApplication, fileAccessKey: Buffer): Promise<ApplyLogSeal[]> {
  const ids = row.successSealItems.map((item) => item.sealId).filter((id): id is string => Boolean(id))
  if (ids.length === 0) return []
  const rows = await db.select({ seal: seals, legalPersonId: units.legalPersonId }).from(seals).leftJoin(units, eq(units.id, seals.unitId)).where(inArray(seals.id, ids))
  const byId = new Map(rows.map((found) => [found.seal.id, found]))
  const now = Date.now()
  return ids.flatMap((id) => {
    const found = byId.get(id)
    if (!found) return []
    const { seal } = found
    const holder = caller.person.verified && (found.legalPersonId === caller.person.id || (caller.kind === 'enterprise' && caller.unit?.id === seal.unitId))
    return [
      {
        sealId: seal.id,
        sealName: seal.sealName,
        sealTypeCode: seal.sealTypeCode,
        sealTypeName: sealTypeLabel(seal.sealTypeCode),
        sealCode: seal.sealCode,
        certStartTime: seal.certStartTime.getTime(),
        certEndTime: seal.certEndTime.getTime(),
        sealPic: holder ? sealPictureLink(fileAccessKey, seal.imageFileId, now) : null,
      },
    ]
  })
}
