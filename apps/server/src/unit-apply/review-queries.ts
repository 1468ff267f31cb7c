import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { unitApplicationForm } from '@seal/shared/api/unit-apply'
import type {
  ReviewAnswer,
  ReviewApplicationDetail,
  ReviewDoor,
  ReviewFileLink,
  ReviewListItem,
  ReviewListQuery,
  ReviewOcrReading,
} from '@seal/shared/api/unit-apply-admin'
import { applyStatus, WAITING } from '@seal/shared/codes/apply-status'
import { applicantKind } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { persons } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { containsPattern, containsText, firstHits, WALK_ROWS } from '../db/search.ts'
import { notFound } from '../errors.ts'
import { previewLink } from '../files/service.ts'
import { files } from '../files/tables.ts'
import { ocrRequests } from '../identity/tables.ts'
import { claimOf, isOwnApplication, liveClaim, type Claimant } from './review/claims.ts'
import { legalBehindIdOf, reviewReasonsOf } from './review/reasons.ts'
import { madePendingActivation } from './review/units.ts'
import { reviewClaims, reviewDoorOf, reviewSearchText, unitApplications, type StoredForm, type UnitApplication } from './tables.ts'

const a = unitApplications
const epoch = (date: Date | null) => (date ? date.getTime() : null)
const applicant = alias(persons, 'applicant')
const legalBehind = alias(persons, 'legal_behind')
const claims = reviewClaims

/**
 * The reviewer's queue (GET /admin/applications): one status (WAITING: PENDING_REVIEW, see the contract),
 * oldest submission first, one query. unit_applications_review_idx (apply_status, submitted_at) serves it,
 * unit_applications_review_door_idx with a door; `q` is a contains match of the unit name, credit code and
 * names that the trigram index of the tripled search text serves (db/search.ts). The page after `lastId`
 * starts past that application's (submitted_at, id). Each row carries its live claim and, for the reasons,
 * the person automatic review would have needed behind it.
 */
export async function listForReview(
  db: Database,
  query: ReviewListQuery,
  claimant: Claimant,
): Promise<{ records: ReviewListItem[]; lastId: string | null; hasMore: boolean }> {
  const status = query.status === WAITING ? applyStatus.PENDING_REVIEW : query.status
  const listed: (SQL | undefined)[] = [
    eq(a.applyStatus, status),
    isNotNull(a.submittedAt),
    isNull(a.deletedAt),
    query.businessType ? eq(a.businessType, query.businessType) : undefined,
    query.door ? sql`${reviewDoorOf(a)} = ${query.door}` : undefined,
    query.socialCreditCode ? eq(a.socialCreditCode, query.socialCreditCode.toUpperCase()) : undefined,
    query.unitName ? containsText(a.unitName, query.unitName) : undefined,
    query.lastId
      ? sql`(${a.submittedAt}, ${a.id}) > (select c.submitted_at, c.id from ${a} c where c.id = ${query.lastId})`
      : undefined,
  ]
  const filters = [...listed, query.q ? await searchedFor(db, listed, query.q, query.pageSize + 1) : undefined]
  const rows = await db
    .select({
      application: a,
      applicantName: applicant.name,
      legalBehind: { identityType: legalBehind.identityType, identityNo: legalBehind.identityNo, verifiedAt: legalBehind.verifiedAt },
      claim: { claimantKey: claims.claimantKey, claimantName: claims.claimantName, expiresAt: claims.expiresAt },
    })
    .from(a)
    .innerJoin(applicant, eq(applicant.id, a.applicantPersonId))
    .leftJoin(legalBehind, eq(legalBehind.id, sql`coalesce(${a.legalSignedBy}, case when ${a.applyType} = ${applicantKind.LEGAL_APPLY} then ${a.applicantPersonId} end)`))
    .leftJoin(claims, and(eq(claims.applicationId, a.id), gt(claims.expiresAt, sql`now()`)))
    .where(and(...filters))
    .orderBy(asc(a.submittedAt), asc(a.id))
    .limit(query.pageSize + 1)
  const page = rows.slice(0, query.pageSize)
  const records = page.map(({ application: row, applicantName, legalBehind: behind, claim }) => ({
    id: row.id,
    unitName: row.unitName,
    socialCreditCode: row.socialCreditCode,
    businessType: row.businessType,
    applyType: row.applyType,
    applyStatus: row.applyStatus,
    sealTypes: row.sealTypes ? row.sealTypes.split(',') : [],
    companyVerifyPass: row.companyVerifyPass,
    manualReview: row.form.sealInfo.some((item) => item.manualReview),
    submittedAt: epoch(row.submittedAt),
    door: doorOf(row),
    reviewReasons: reviewReasonsOf(row, behind?.identityNo ? behind : null),
    waitingSince: epoch(row.submittedAt),
    applicantName,
    claim: claim?.claimantKey ? claimOf({ claimantKey: claim.claimantKey, claimantName: claim.claimantName!, expiresAt: claim.expiresAt! }, claimant) : null,
  })) as ReviewListItem[]
  const hasMore = rows.length > query.pageSize
  return { records, lastId: hasMore ? (page.at(-1)?.application.id ?? null) : null, hasMore }
}

/** A unified social credit code: 18 characters of digits and capitals (GB 32100). */
const CREDIT_CODE = /^[0-9A-Za-z]{18}$/

/**
 * The `q` filter of the queue. A word on many applications (科技, a common name) is found by walking the
 * queue in order (db/search.ts firstHits); a rarer one by its trigram candidates
 * (unit_applications_review_search_trgm_idx), which are then few.
 */
async function searchedFor(db: Database, listed: (SQL | undefined)[], q: string, limit: number): Promise<SQL> {
  // A whole credit code is the code: its own index answers, where its trigrams (runs of 0) are everywhere.
  if (CREDIT_CODE.test(q)) return eq(a.socialCreditCode, q.toUpperCase())
  const ids = await firstHits(db, {
    walk: sql`select ${a.id} as id, ${a.submittedAt} as submitted_at, ${ilike(reviewSearchText(a), containsPattern(q))} as hit
              from ${a} where ${and(...listed)} order by ${a.submittedAt}, ${a.id} limit ${WALK_ROWS}`,
    order: sql`w.submitted_at, w.id`,
    limit,
  })
  return ids ? inArray(a.id, ids) : containsText(reviewSearchText(a), q)
}

const doorOf = (application: UnitApplication): ReviewDoor => application.form.door ?? 'ONLINE'

/** GET /admin/applications/:id: everything the applicant gave and the server decided, every file with a link, side by side. */
export async function reviewDetail(db: Database, options: { id: string; fileAccessKey: Buffer; claimant: Claimant }): Promise<ReviewApplicationDetail> {
  const [row] = await db
    .select({ application: a, applicant: { name: persons.name, identityNo: persons.identityNo, phone: persons.phone } })
    .from(a)
    .innerJoin(persons, eq(persons.id, a.applicantPersonId))
    .where(and(eq(a.id, options.id), isNull(a.deletedAt)))
    .limit(1)
  if (!row) throw notFound('未查询到申请记录')
  const { application } = row
  const form = formOf(application)
  const behindId = legalBehindIdOf(application)
  const [behind] = behindId
    ? await db.select({ identityType: persons.identityType, identityNo: persons.identityNo, verifiedAt: persons.verifiedAt }).from(persons).where(eq(persons.id, behindId)).limit(1)
    : []
  const reasons = reviewReasonsOf(application, behind ?? null)
  const links = await fileLinks(db, { form, application, fileAccessKey: options.fileAccessKey })
  const readings = application.form.impressionReadings ?? []
  const offline = application.form.offline
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
    reviewReasons: reasons.map((reason) => reason.text),
    reviewReasonItems: reasons,
    waitingSince: epoch(application.submittedAt),
    createTime: application.createdAt.getTime(),
    updateTime: application.updatedAt.getTime(),
    submitTime: epoch(application.submittedAt),
    files: links,
    sealPictures: form.sealInfo.map((item) => ({
      itemId: item._id,
      sealTypeCode: item.sealTypeCode,
      sealName: item.sealName || item.sealTypeName || sealTypeLabel(item.sealTypeCode),
      manualReview: Boolean(item.manualReview),
      photo: links.find((link) => link.purpose === `seal:${item._id}:photo`) ?? null,
      cutOut: links.find((link) => link.purpose === `seal:${item._id}:sealPic`) ?? null,
      reading: readings.find((reading) => reading.itemId === item._id) ?? null,
    })),
    ocrReadings: await ocrReadingsOf(db, { application, links }),
    impressionReadings: readings,
    claim: await liveClaim(db, application.id, options.claimant),
    ownApplication: await isOwnApplication(db, application, options.claimant),
    door: application.form.door ?? null,
    deliveryRecord:
      offline?.delivery || offline?.receipt
        ? {
            ...(offline.delivery ?? { deliverCompany: '', deliverNo: '', authType: '', deliverTime: 0 }),
            receipt: offline.receipt ?? null,
          }
        : null,
    makesPendingActivation: madePendingActivation(application),
  }
}

/** Which OCR picture type each purpose is: the licence (20) and the ID sides (10 front, 11 back). */
const ocrPurposes: Record<string, string> = {
  businessLicense: '20',
  legalPersonIdFront: '10',
  legalPersonIdBack: '11',
  operatorIdFront: '10',
  operatorIdBack: '11',
  sealManagerIdFront: '10',
  sealManagerIdBack: '11',
}

/**
 * What OCR read from the licence and ID pictures: the applicant's OCR uploads of the same bytes (by
 * SHA-256; the OCR call keeps no image), newest first. A picture uploaded without OCR has none.
 */
async function ocrReadingsOf(db: Database, options: { application: UnitApplication; links: ReviewFileLink[] }): Promise<ReviewOcrReading[]> {
  const pictures = options.links.filter((link) => link.purpose in ocrPurposes)
  if (pictures.length === 0) return []
  const hashes = await db
    .select({ id: files.id, sha256: files.sha256 })
    .from(files)
    .where(inArray(files.id, [...new Set(pictures.map((p) => p.fileId))]))
  const shaOf = new Map(hashes.map((h) => [h.id, h.sha256]))
  const readings = await db
    .select()
    .from(ocrRequests)
    .where(and(eq(ocrRequests.requestedBy, options.application.applicantAccountId), inArray(ocrRequests.imageSha256, [...new Set(shaOf.values())])))
    .orderBy(desc(ocrRequests.createdAt))
  return pictures.flatMap((picture) => {
    const reading = readings.find((r) => r.imageSha256 === shaOf.get(picture.fileId) && r.imgType === ocrPurposes[picture.purpose])
    if (!reading) return []
    return [
      {
        purpose: picture.purpose,
        fileId: picture.fileId,
        imgType: reading.imgType,
        status: reading.status,
        fields: (reading.result as Record<string, unknown> | null) ?? null,
        failure: reading.failure,
        readAt: reading.createdAt.getTime(),
      },
    ]
  })
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
