import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { offlineActionsOf, offlineStatusLabel } from '@seal/shared/codes/offline-status'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { isApplicant, isNamedLegalRepresentative } from '../unit-apply/access.ts'
import type { SealItemOutcome, UnitApplication } from '../unit-apply/tables.ts'
import { documentsOf, generatedLinks } from './documents.ts'
import { offlineNumberOf, offlineStatusOf } from './form.ts'

const outcome = (o: SealItemOutcome) => ({ sealType: o.sealTypeCode, sealName: o.sealName, sealId: o.sealId, failReason: o.failReason })

/** The seal items as the offline detail shows them (gaSealTypeInfos). */
export const sealDetailsOf = (row: Pick<UnitApplication, 'form'>) =>
  row.form.sealInfo.map((item) => ({
    id: item._id,
    sealType: item.sealTypeCode,
    sealName: item.sealName,
    sealId: item.sealId,
    sealCode: item.sealCode,
    sealPicFileId: item.sealPic || (item.manualReview ? item.originalFileId : ''),
    manualReview: item.manualReview,
    errorCount: item.errorCount,
  }))

/**
 * GET applyDetail/{id} (001 §3 "Offline apply detail"): the form under the offline door's names (never a
 * password or a hash), the status code with its label and the actions the caller may take, the documents,
 * the courier record and what was decided per seal with the reviewer's reasons.
 */
export async function offlineDetailOf(db: Database, caller: Caller, row: UnitApplication, fileAccessKey: Buffer): Promise<OfflineApplyDetail> {
  const form = row.form
  const code = offlineStatusOf(row)
  const mine = isApplicant(caller, row)
  // Besides the operator, the named legal representative may withdraw or mail (offline-apply/access.ts).
  const legal = !mine && isNamedLegalRepresentative(caller, row)
  const actions = offlineActionsOf(code).filter((action) => mine || (legal && (action === 'withdraw' || action === 'mail')))
  return {
    applyId: row.id,
    businessType: offlineNumberOf(row.businessType),
    operatorRealName: form.operatorRealName,
    operatorIdCardNo: form.operatorIdCardNo,
    operatorTel: form.operatorTel,
    operatorPersonIdentityType: '111',
    operatorIdentityFrontFileId: form.operatorFrontFileId,
    operatorIdentityBackFileId: form.operatorBackFileId,
    licenseFileId: form.businessLicense,
    sealUseCompany: form.unitName,
    socialCode: form.socialCreditCode,
    unitTypeCode: form.unitTypeCode,
    registrationPlaceCode: form.addr,
    registrationPlace: form.offline?.registrationPlace ?? '',
    reservedAuth: form.reservedAuth,
    setSealManager: form.setSealManager,
    operatorIsManager: form.operatorIsManager,
    legalPersonName: form.legalPersonName,
    legalPersonIdentityNo: form.legalPersonIdentityNo,
    legalPersonIdentityType: form.legalPersonIdentityType,
    legalTel: form.legalTel,
    legalPersonIdFrontFileId: form.legalPersonIdFrontFileId,
    legalPersonIdBackFileId: form.legalPersonIdBackFileId,
    sealManagerName: form.sealManagerName,
    sealManagerIdentityNo: form.sealManagerIdentityNo,
    sealManagerIdentityType: form.sealManagerIdentityType,
    sealManagerTel: form.sealManagerTel,
    sealManagerIdFrontFileId: form.sealManagerIdFrontFileId,
    sealManagerIdBackFileId: form.sealManagerIdBackFileId,
    sealManagerPasswordSet: Boolean(row.managerPinHash),
    applyStatus: code,
    statusLabel: offlineStatusLabel(code),
    actions: [...actions],
    gaSealTypeInfos: sealDetailsOf(row),
    ...generatedLinks(fileAccessKey, row),
    documents: await documentsOf(db, row),
    deliveryRecord: form.offline?.delivery ?? null,
    successSealItems: row.successSealItems.map(outcome),
    failSealItems: row.failSealItems.map(outcome),
    failReason: row.failReason,
    checkRemark: row.reviewNote,
    companyVerifyPass: row.companyVerifyPass,
    pendingUpload: form.offline?.pendingUpload === true,
    mine,
    channel: row.channel,
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
    submitTime: row.submittedAt?.getTime() ?? null,
  }
}
