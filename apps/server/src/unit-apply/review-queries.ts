import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { unitApplicationForm } from '@seal/shared/api/unit-apply'
import type { ReviewAnswer, ReviewApplicationDetail, ReviewFileLink, ReviewListItem, ReviewListQuery } from '@seal/shared/api/unit-apply-admin'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { persons } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { containsText } from '../db/search.ts'
import { notFound } from '../errors.ts'
import { previewLink } from '../files/service.ts'
import { files } from '../files/tables.ts'
import { madePendingActivation } from './review/units.ts'
import { unitApplications, type StoredForm, type UnitApplication } from './tables.ts'

const a = unitApplications
const epoch = (date: Date | null) => (date ? date.getTime() : null)

/**
 * The reviewer's list (GET /admin/applications): one status, oldest submission first, one query served by
 * unit_applications_review_idx (apply_status, submitted_at). The page after `lastId` starts past that
 * application's (submitted_at, id). The unit-name filter is a contains match the trigram index of the
 * tripled name serves (unit_applications_unit_name_trgm_idx, db/search.ts).
 */
export async function listForReview(db: Database, query: ReviewListQuery): Promise<{ records: ReviewListItem[]; lastId: string | null; hasMore: boolean }> {
  const filters: (SQL | undefined)[] = [
    eq(a.applyStatus, query.status),
    isNotNull(a.submittedAt),
    isNull(a.deletedAt),
    query.businessType ? eq(a.businessType, query.businessType) : undefined,
    query.socialCreditCode ? eq(a.socialCreditCode, query.socialCreditCode.toUpperCase()) : undefined,
    query.unitName ? containsText(a.unitName, query.unitName) : undefined,
    query.lastId
      ? sql`(${a.submittedAt}, ${a.id}) > (select c.submitted_at, c.id from ${a} c where c.id = ${query.lastId})`
      : undefined,
  ]
  const rows = await db
    .select({
      id: a.id,
      unitName: a.unitName,
      socialCreditCode: a.socialCreditCode,
      businessType: a.businessType,
      applyType: a.applyType,
      applyStatus: a.applyStatus,
      sealTypes: a.sealTypes,
      companyVerifyPass: a.companyVerifyPass,
      manualReview: sql<boolean>`coalesce((${a.form} -> 'sealInfo') @> '[{"manualReview": true}]'::jsonb, false)`,
      door: sql<string | null>`${a.form} ->> 'door'`,
      submittedAt: a.submittedAt,
    })
    .from(a)
    .where(and(...filters))
    .orderBy(asc(a.submittedAt), asc(a.id))
    .limit(query.pageSize + 1)
  const page = rows.slice(0, query.pageSize)
  const records = page.map((row) => ({
    ...row,
    sealTypes: row.sealTypes ? row.sealTypes.split(',') : [],
    submittedAt: epoch(row.submittedAt),
  }))
  const hasMore = rows.length > query.pageSize
  return { records, lastId: hasMore ? (page.at(-1)?.id ?? null) : null, hasMore }
}

/** GET /admin/applications/:id: everything the applicant gave and the server decided, every file with a link. */
export async function reviewDetail(db: Database, options: { id: string; fileAccessKey: Buffer }): Promise<ReviewApplicationDetail> {
  const [row] = await db
    .select({ application: a, applicant: { name: persons.name, identityNo: persons.identityNo, phone: persons.phone } })
    .from(a)
    .innerJoin(persons, eq(persons.id, a.applicantPersonId))
    .where(and(eq(a.id, options.id), isNull(a.deletedAt)))
    .limit(1)
  if (!row) throw notFound('未查询到申请记录')
  const { application } = row
  const form = formOf(application)
  return {
    ...form,
    id: application.id,
    businessType: application.businessType,
    applyType: application.applyType,
    applyStatus: application.applyStatus,
    unitId: application.unitId,
    applicant: row.applicant,
    legalPasswordSet: application.legalPinHash !== null,
    sealManagerPasswordSet: application.managerPinHash !== null,
    companyVerifyPass: application.companyVerifyPass,
    companyVerifyReason: application.companyVerifyReason,
    serialNo: application.serialNo,
    faceSerialNo: application.faceSerialNo,
    signedFiles: application.signedFiles,
    failReason: application.failReason,
    failSealItems: application.failSealItems,
    successSealItems: application.successSealItems,
    reviewedBy: application.reviewedBy,
    reviewNote: application.reviewNote,
    reviewTime: epoch(application.reviewedAt),
    reviewReasons: reviewReasonsOf(application, form),
    createTime: application.createdAt.getTime(),
    updateTime: application.updatedAt.getTime(),
    submitTime: epoch(application.submittedAt),
    files: await fileLinks(db, { form, application, fileAccessKey: options.fileAccessKey }),
    impressionReadings: application.form.impressionReadings ?? [],
    door: application.form.door ?? null,
    deliveryRecord: application.form.offline?.delivery ?? null,
    makesPendingActivation: madePendingActivation(application),
  }
}

/**
 * Why the application waits for a person: a failed unit verification (the applicant went on with the
 * uploaded licence and signed form, 001 §4), seal photos whose impression could not be cut out.
 */
function reviewReasonsOf(application: UnitApplication, form: StoredForm): string[] {
  const reasons: string[] = []
  if (application.form.door === 'OFFLINE') reasons.push(...offlineReasonsOf(application))
  if (application.companyVerifyPass === false) reasons.push(`单位核验未通过：${application.companyVerifyReason || '未说明原因'}，已上传材料转人工审核`)
  const photos = form.sealInfo.filter((item) => item.manualReview).map((item) => item.sealName || item.sealTypeName || sealTypeLabel(item.sealTypeCode))
  if (photos.length > 0) reasons.push(`印模提取失败转人工审核：${photos.join('、')}`)
  if (madePendingActivation(application)) {
    if (application.form.door !== 'OFFLINE') reasons.push('行政事业单位经办人申请，法定代表人未在线签署，转人工审核')
    reasons.push('通过后印章为待激活状态，由法定代表人本人激活并设置印章密码')
  }
  return reasons
}

/** The offline door: what the unit sent, uploaded or mailed (issue #21). */
function offlineReasonsOf(application: UnitApplication): string[] {
  const delivery = application.form.offline?.delivery
  const uploaded = application.form.applicationFiles.length
  return [
    '线下材料申请：单位下载申请表签字盖章后上传或邮寄纸质材料，须人工审核',
    uploaded > 0 ? `已上传签署材料${uploaded}份` : '未上传签署材料',
    delivery ? `纸质材料已寄出：${delivery.deliverCompany}，快递单号${delivery.deliverNo}` : '尚未填写纸质材料快递信息',
  ]
}

/** The stored form with the contract's defaults filled in (rows written before a field existed read as defaults). */
function formOf(application: UnitApplication): StoredForm {
  const parsed = unitApplicationForm.safeParse({ ...application.form, businessType: application.businessType, applyType: application.applyType })
  if (!parsed.success) return application.form
  const { id: _id, legalPassword: _l, legalPasswordConfirm: _lc, sealManagerPassword: _s, sealManagerPasswordConfirm: _sc, ...form } = parsed.data
  return form
}

/** Each file the application names, labelled, with a short-lived link; ids naming no stored file are left out. */
async function fileLinks(db: Database, options: { form: StoredForm; application: UnitApplication; fileAccessKey: Buffer }): Promise<ReviewFileLink[]> {
  const { form, application } = options
  const named: { fileId: string; purpose: string; title: string }[] = [
    { fileId: form.businessLicense, purpose: 'businessLicense', title: '营业执照' },
    { fileId: form.legalPersonIdFrontFileId, purpose: 'legalPersonIdFront', title: '法定代表人身份证人像面' },
    { fileId: form.legalPersonIdBackFileId, purpose: 'legalPersonIdBack', title: '法定代表人身份证国徽面' },
    { fileId: form.operatorFrontFileId, purpose: 'operatorIdFront', title: '经办人身份证人像面' },
    { fileId: form.operatorBackFileId, purpose: 'operatorIdBack', title: '经办人身份证国徽面' },
    { fileId: form.sealManagerIdFrontFileId, purpose: 'sealManagerIdFront', title: '印章管理员身份证人像面' },
    { fileId: form.sealManagerIdBackFileId, purpose: 'sealManagerIdBack', title: '印章管理员身份证国徽面' },
    ...form.sealInfo.flatMap((item) => {
      const name = item.sealName || item.sealTypeName || sealTypeLabel(item.sealTypeCode)
      return [
        { fileId: item.sealPic, purpose: `seal:${item._id}:sealPic`, title: `${name}印模图片` },
        { fileId: item.originalFileId, purpose: `seal:${item._id}:photo`, title: `${name}印章照片` },
      ]
    }),
    ...form.applicationFiles.map((fileId, i) => ({ fileId, purpose: `applicationFile:${i + 1}`, title: `${application.form.door === 'OFFLINE' ? '签署材料' : '申请表'}（${i + 1}）` })),
    ...application.signedFiles.map((f) => ({ fileId: f.fileId, purpose: `signed:${f.key}`, title: f.title })),
  ].filter((f) => f.fileId)
  if (named.length === 0) return []
  const stored = await db
    .select({ id: files.id, mediaType: files.mediaType })
    .from(files)
    .where(inArray(files.id, [...new Set(named.map((f) => f.fileId))]))
  const mediaTypes = new Map(stored.map((f) => [f.id, f.mediaType]))
  const now = Date.now()
  return named
    .filter((f) => mediaTypes.has(f.fileId))
    .map((f) => ({ ...f, mediaType: mediaTypes.get(f.fileId)!, ...previewLink(options.fileAccessKey, f.fileId, now) }))
}

/** The review's answer: where the application ended. */
export function reviewAnswerOf(application: UnitApplication): ReviewAnswer {
  return {
    id: application.id,
    applyStatus: application.applyStatus,
    failReason: application.failReason,
    successSealItems: application.successSealItems,
    failSealItems: application.failSealItems,
    reviewedBy: application.reviewedBy,
    reviewTime: epoch(application.reviewedAt),
  }
}
