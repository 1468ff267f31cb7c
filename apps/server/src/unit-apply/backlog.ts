import { and, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { BacklogDetailAnswer, BacklogItem, BacklogListAnswer, BacklogLocalConfigAnswer } from '@seal/shared/api/backlog'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { backlogListType, backlogStatus, type BacklogStatus } from '@seal/shared/codes/backlog'
import { applicantKind } from '@seal/shared/codes/business-type'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { unitType } from '@seal/shared/codes/unit-type'
import { maskIdNumberForChange, maskLegalPhone } from '@seal/shared/text/masking'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { notFound } from '../errors.ts'
import { previewLink } from '../files/service.ts'
import type { FileStore } from '../files/store.ts'
import { files } from '../files/tables.ts'
import { findApplication, isApplicant, isNamedLegalRepresentative } from './access.ts'
import { applyServerMessages } from './messages.ts'
import { sealNameFor } from './seal-names.ts'
import { documentsToSign } from './signing.ts'
import { unitApplications, type UnitApplication } from './tables.ts'

/**
 * The agency centre (待办中心, spec 002; issue #10 item 4). A backlog item is an operator's application
 * that named the caller as legal representative: waiting for their signature (PENDING_SIGN, 待办) or
 * past it (已处理). Applications of administrative or public institutions (06) never wait for the legal
 * representative, so they are no one's to-do. The caller's identity comes from the session, never the body.
 */

const a = unitApplications

/** Statuses an operator's application can reach after it waited for the legal representative. */
const handledStatuses = [applyStatus.PENDING_REVIEW, applyStatus.SEALING, applyStatus.APPLY_SUCCESS, applyStatus.APPLY_FAIL, applyStatus.LEGAL_REFUSED, applyStatus.CANCELED]

/** The backlog status of an application (002 §4): signed and on its way 4, refused 16, withdrawn 32. */
export function backlogStatusOf(status: string): BacklogStatus {
  if (status === applyStatus.PENDING_SIGN) return backlogStatus.PENDING
  if (status === applyStatus.LEGAL_REFUSED) return backlogStatus.REJECTED
  if (status === applyStatus.CANCELED) return backlogStatus.WITHDRAWN
  return backlogStatus.HANDLED
}

/** The rows that are someone's backlog: submitted operator applications of a unit that is not 06. */
const isBacklog = and(
  eq(a.applyType, applicantKind.OPERATOR_APPLY),
  isNotNull(a.submittedAt),
  isNull(a.deletedAt),
  ne(sql`coalesce(${a.form} ->> 'unitTypeCode', '')`, unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION),
)

const sealTypeNamesOf = (row: Pick<UnitApplication, 'sealTypes'>) =>
  row.sealTypes
    .split(',')
    .filter(Boolean)
    .map((code) => sealTypeLabel(code))
    .join('、')

function itemOf(row: Pick<UnitApplication, 'id' | 'businessType' | 'applyStatus' | 'unitName' | 'sealTypes' | 'submittedAt' | 'createdAt' | 'signedFiles'> & { operatorName: string }): BacklogItem {
  return {
    id: row.id,
    businessId: row.id,
    businessType: row.businessType,
    status: backlogStatusOf(row.applyStatus),
    applyStatus: row.applyStatus,
    sealUseCompany: row.unitName,
    sealTypeNames: sealTypeNamesOf(row),
    operationName: row.operatorName,
    createdAt: (row.submittedAt ?? row.createdAt).getTime(),
    attachments: row.signedFiles.map((f) => ({ key: f.key, fileId: f.fileId, fileName: `${f.title}.pdf` })),
  }
}

/**
 * POST /seal-apply/backlog/list: the caller's backlog of one tab, newest submission first. Two statements
 * served by unit_applications_backlog_idx (a partial index of exactly the backlog rows, by legal
 * representative's ID number and name, submission order, with the status): the page in index order, and
 * the count from the index alone. A window count over the same rows read every item's row and cost a
 * legal representative with thousands of handled items 3-5× more (decisions.md). The name must match too,
 * as for every right of the named legal representative (access.ts).
 */
export async function backlogList(db: Database, caller: Caller, query: { listType: number; pageNo: number; pageSize: number }): Promise<BacklogListAnswer> {
  // A unit's to-dos go to its verified legal representative only (access.ts isNamedLegalRepresentative).
  if (!caller.person.verified) return { records: [], total: 0, pages: 0, pageNo: query.pageNo }
  const statuses = query.listType === backlogListType.TODO ? [applyStatus.PENDING_SIGN] : handledStatuses
  const mine = and(
    eq(a.legalPersonIdentityNo, caller.person.identityNo.toUpperCase()),
    eq(sql`btrim(${a.form} ->> 'legalPersonName')`, caller.person.name),
    inArray(a.applyStatus, statuses),
    isBacklog,
  ) as SQL
  const [rows, total] = await Promise.all([
    db
      .select({
        id: a.id,
        businessType: a.businessType,
        applyStatus: a.applyStatus,
        unitName: a.unitName,
        sealTypes: a.sealTypes,
        submittedAt: a.submittedAt,
        createdAt: a.createdAt,
        signedFiles: a.signedFiles,
        operatorName: sql<string>`coalesce(${a.form} ->> 'operatorRealName', '')`,
      })
      .from(a)
      .where(mine)
      .orderBy(desc(a.submittedAt), desc(a.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.$count(a, mine),
  ])
  return { records: rows.map(itemOf), total, pages: Math.ceil(total / query.pageSize), pageNo: query.pageNo }
}

/**
 * A backlog item the caller may read: the legal representative it names, or the operator who applied.
 * Anyone else (the unit's account included: this is the legal representative's to-do) is told it does not
 * exist, so ids cannot be probed.
 */
async function backlogRow(db: Database, caller: Caller, id: string): Promise<UnitApplication> {
  const row = await findApplication(db, id)
  const isItem =
    row?.applyType === applicantKind.OPERATOR_APPLY && row.submittedAt !== null && row.form.unitTypeCode !== unitType.ADMINISTRATIVE_OR_PUBLIC_INSTITUTION
  if (!row || !isItem || !(isNamedLegalRepresentative(caller, row) || isApplicant(caller, row))) throw notFound(applyServerMessages.notFound)
  return row
}

/** POST /seal-apply/backlog/detail: the unit, the seal administrator, the operator and the seals with pictures. */
export async function backlogDetail(options: {
  db: Database
  store: FileStore
  caller: Caller
  fileAccessKey: Buffer
  body: { backlogId: string; fetchSealPicB64?: boolean | undefined }
}): Promise<BacklogDetailAnswer> {
  const { db, caller } = options
  const row = await backlogRow(db, caller, options.body.backlogId)
  const form = row.form
  const pictureIds = form.sealInfo.map((s) => s.sealPic).filter(Boolean)
  const stored = pictureIds.length ? await db.select({ id: files.id, storageKey: files.storageKey }).from(files).where(inArray(files.id, pictureIds)) : []
  const keys = new Map(stored.map((f) => [f.id, f.storageKey]))
  const now = Date.now()
  const sealInfos = await Promise.all(
    form.sealInfo.map(async (seal) => {
      const key = seal.sealPic ? keys.get(seal.sealPic) : undefined
      const sealPicB64 = options.body.fetchSealPicB64 && key ? Buffer.from(await options.store.get(key)).toString('base64') : undefined
      return {
        sealFileId: key ? seal.sealPic : '',
        sealTypeCode: seal.sealTypeCode,
        sealTypeStr: seal.sealTypeName || sealTypeLabel(seal.sealTypeCode),
        // In full, as the application form and the seal list name it (the wizard stores the type's name).
        sealName: sealNameFor(seal, form, form.unitName),
        sealPicUrl: key ? previewLink(options.fileAccessKey, seal.sealPic, now).url : '',
        ...(sealPicB64 ? { sealPicB64 } : {}),
      }
    }),
  )
  // No manager named: none is shown (the screen says 未设置), rather than the legal representative under that title.
  const manager = form.setSealManager ? { adminName: form.sealManagerName, cardNo: maskIdNumberForChange(form.sealManagerIdentityNo) } : { adminName: '', cardNo: '' }
  return {
    backLogDetail: itemOf({ ...row, operatorName: form.operatorRealName }),
    companyDetail: {
      companyName: form.unitName,
      companyCardNo: form.socialCreditCode,
      legalName: form.legalPersonName,
      legalCardNo: maskIdNumberForChange(form.legalPersonIdentityNo),
    },
    sealAdmin: manager,
    operator: { name: form.operatorRealName, cardNo: maskIdNumberForChange(form.operatorIdCardNo), phone: maskLegalPhone(form.operatorTel) },
    sealInfos,
    canSign: row.applyStatus === applyStatus.PENDING_SIGN && isNamedLegalRepresentative(caller, row),
  }
}

/**
 * POST /seal-apply/backlog/detail/getLocalConfig: the documents the legal representative signs (as their
 * files, to preview) and where each signature goes. Only for the named legal representative of a pending item.
 */
export async function backlogLocalConfig(options: { db: Database; store: FileStore; caller: Caller; backlogId: string }): Promise<BacklogLocalConfigAnswer> {
  const { db, caller } = options
  await backlogRow(db, caller, options.backlogId)
  const documents = await documentsToSign({ db, store: options.store, caller, id: options.backlogId })
  return documents.map((d) => ({ key: d.key, fileId: d.fileId, fileName: `${d.title}.pdf`, localConfigs: [{ ...d.signLocation, required: true }] }))
}
