import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { RenewalDocumentsBody } from '@seal/shared/api/unit-apply'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { sealStatusHeld } from '@seal/shared/codes/seal-status'
import { beijingDate } from '@seal/shared/text/beijing-time'
import { messageTemplates } from '@seal/shared/messages'
import type { Caller } from '../plugins/caller.ts'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { saveFileOnce } from '../files/service.ts'
import type { FileStore } from '../files/store.ts'
import { seals } from '../seals/tables.ts'
import { renewalFormPdf } from './documents.ts'
import { unitApplications } from './tables.ts'

export const renewalDocumentMessages = {
  /** Also the answer to anyone who may not ask: a unit's seals cannot be probed. */
  nothingToRenew: '未查询到可续期的印章',
  legalDiffers: '法定代表人信息与登记信息不一致，请核对后重试',
} as const

/**
 * POST /paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments (001 §7): the renewal application form
 * filled from the unit on record (its name and region, its seals in effect), stored as the caller's file,
 * with where the signatures go. Only for the unit's legal representative on record (or its enterprise
 * account), or an operator with a renewal application of the unit who names themself as the operator.
 * The legal representative in the body must be the one on record: the form prints what the record says.
 */
export async function renewalDocuments(options: { db: Database; store: FileStore; caller: Caller; body: RenewalDocumentsBody; now?: Date }) {
  const { db, caller, body } = options
  const [found] = await db
    .select({ unit: units, legal: persons })
    .from(units)
    .innerJoin(persons, eq(persons.id, units.legalPersonId))
    .where(eq(units.socialCreditCode, body.socialCreditCode))
    .limit(1)
  if (!found) throw businessError(renewalDocumentMessages.nothingToRenew)
  const { unit, legal } = found
  // The unit's verified legal representative (or its account), or an operator whose verification of the unit passed.
  const isLegal = caller.person.verified && (legal.id === caller.person.id || (caller.kind === 'enterprise' && caller.unit?.id === unit.id))
  if (!isLegal && !(await isRenewalOperator(db, caller, unit.socialCreditCode))) throw businessError(renewalDocumentMessages.nothingToRenew)
  if (!isLegal && (body.sealOperatorIdentity !== caller.person.identityNo.toUpperCase() || body.sealOperator !== caller.person.name)) {
    throw businessError(messageTemplates.identityMismatch('经办人'))
  }
  if (body.personIdentity !== legal.identityNo.toUpperCase() || body.personName !== legal.name) {
    // To anyone but the legal representative himself a wrong guess answers as an unknown unit does: no oracle for ID numbers.
    throw businessError(isLegal ? renewalDocumentMessages.legalDiffers : renewalDocumentMessages.nothingToRenew)
  }

  const renewable = await db
    .select({ sealTypeCode: seals.sealTypeCode, sealName: seals.sealName, sealCode: seals.sealCode })
    .from(seals)
    .where(and(eq(seals.unitId, unit.id), inArray(seals.status, [...sealStatusHeld])))
    .orderBy(seals.sealTypeCode, seals.createdAt)
  if (renewable.length === 0) throw businessError(renewalDocumentMessages.nothingToRenew)

  const now = options.now ?? new Date()
  const legalApplies = body.sealOperatorIdentity === legal.identityNo.toUpperCase()
  const { pdf, positions } = await renewalFormPdf({
    unit,
    legalRepresentative: { name: legal.name, identityNo: legal.identityNo, phone: legal.phone },
    operator: legalApplies ? undefined : { name: body.sealOperator, identityNo: body.sealOperatorIdentity, phone: body.sealOperatorTel },
    seals: renewable,
    day: new Date(`${beijingDate(now.getTime())}T00:00:00+08:00`),
  })
  // The same form asked for again the same day is the file stored before.
  const file = await saveFileOnce({ db, store: options.store, ownerAccountId: caller.accountId, bytes: Buffer.from(pdf), originalName: '电子印章续期申请表.pdf' })
  return { fileId: file.id, localConfig: positions.localConfig }
}

/** The caller applies, as operator, for a renewal of the unit, and their verification of the unit passed. */
async function isRenewalOperator(db: Database, caller: Caller, socialCreditCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: unitApplications.id })
    .from(unitApplications)
    .where(
      and(
        eq(unitApplications.applicantPersonId, caller.person.id),
        eq(unitApplications.applyType, applicantKind.OPERATOR_APPLY),
        eq(unitApplications.businessType, businessType.RENEWAL),
        eq(unitApplications.socialCreditCode, socialCreditCode),
        eq(unitApplications.companyVerifyPass, true),
        isNull(unitApplications.deletedAt),
      ),
    )
    .limit(1)
  return Boolean(row)
}
