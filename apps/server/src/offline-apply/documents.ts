import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  offlineMessages,
  OFFLINE_DOCUMENT_MAX_BYTES,
  OFFLINE_MAX_DOCUMENTS,
  type OfflineDocument,
  type OfflineDocumentKind,
} from '@seal/shared/api/offline-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { APPLICATION_DOCUMENT_TYPE } from '@seal/shared/codes/upload'
import { accounts } from '../auth/tables.ts'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import { createAccessToken, verifyAccessToken } from '../files/service.ts'
import { files } from '../files/tables.ts'
import { applicationFormLink, applicationFormPdf, applicationStatementPdf, FORM_LINK_TTL_MS, isFormLinkToken } from '../unit-apply/documents.ts'
import { unitApplications, type UnitApplication } from '../unit-apply/tables.ts'
import { ownOffline } from './access.ts'
import { isOffline } from './form.ts'
import { writeDraft } from './service.ts'

/**
 * The offline application's documents: the signed ones the operator uploads (documentType 2: images and
 * PDF, at most 5 of 10 MB each, kept as the application's `applicationFiles`, what the reviewer reads), and
 * the generated ones he downloads to print, sign and stamp (电子印章申请表, 授权委托书) by a link carrying
 * an access token (the application-form token of unit-apply for the form).
 */

const documentMediaTypes = new Set(['image/png', 'image/jpeg', 'application/pdf'])

/** The uploaded documents with what a screen shows of each, in the order uploaded. */
export async function documentsOf(db: Database, row: UnitApplication): Promise<OfflineDocument[]> {
  const ids = row.form.applicationFiles
  if (ids.length === 0) return []
  const stored = await db
    .select({ id: files.id, originalName: files.originalName, mediaType: files.mediaType, size: files.size })
    .from(files)
    .where(inArray(files.id, ids))
  const byId = new Map(stored.map((file) => [file.id, file]))
  return ids.flatMap((id) => {
    const file = byId.get(id)
    return file ? [{ fileId: id, documentType: APPLICATION_DOCUMENT_TYPE, fileName: file.originalName, mediaType: file.mediaType, size: file.size }] : []
  })
}

/**
 * POST uploadDocumentByApplyId: a file the caller uploaded (POST /file/upload) attached to his offline
 * application as a signed document — in the draft (step-2-2), or once submitted while it waits for review
 * (the documents then stand in for, or go with, the paper). The same file again changes nothing.
 */
export async function attachDocument(db: Database, caller: Caller, body: { applyId: string; fileId: string }): Promise<OfflineDocument[]> {
  const row = await ownOffline(db, caller, body.applyId)
  if (row.applyStatus !== applyStatus.TEMPORARY_SAVE && row.applyStatus !== applyStatus.PENDING_REVIEW) throw businessError(offlineMessages.notAllowed)
  const [file] = await db
    .select({ id: files.id, mediaType: files.mediaType, size: files.size })
    .from(files)
    .innerJoin(accounts, eq(accounts.id, files.ownerAccountId))
    .where(and(eq(files.id, body.fileId), eq(accounts.personId, caller.person.id)))
    .limit(1)
  if (!file) throw notFound('文件ID不存在')
  if (!documentMediaTypes.has(file.mediaType)) throw businessError(offlineMessages.documentKind)
  if (file.size > OFFLINE_DOCUMENT_MAX_BYTES) throw businessError(offlineMessages.documentTooLarge)
  // One conditional UPDATE whatever the status: appended unless present, refused past five.
  const [written] = await db
    .update(unitApplications)
    .set({
      form: sql`jsonb_set(${unitApplications.form}, '{applicationFiles}', (${unitApplications.form} -> 'applicationFiles') || ${JSON.stringify([file.id])}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(unitApplications.id, row.id),
        inArray(unitApplications.applyStatus, [applyStatus.TEMPORARY_SAVE, applyStatus.PENDING_REVIEW]),
        isNull(unitApplications.deletedAt),
        sql`not ((${unitApplications.form} -> 'applicationFiles') @> ${JSON.stringify([file.id])}::jsonb)`,
        sql`jsonb_array_length(${unitApplications.form} -> 'applicationFiles') < ${OFFLINE_MAX_DOCUMENTS}`,
      ),
    )
    .returning()
  if (written) return documentsOf(db, written)
  const now = await ownOffline(db, caller, body.applyId)
  if (now.form.applicationFiles.includes(file.id)) return documentsOf(db, now)
  if (now.form.applicationFiles.length >= OFFLINE_MAX_DOCUMENTS) throw businessError(offlineMessages.documentsFull)
  throw businessError(offlineMessages.notAllowed)
}

/** POST deleteDocumentByApplyId: a signed document taken off the draft (the file itself stays the caller's). */
export async function detachDocument(db: Database, caller: Caller, body: { applyId: string; fileId: string }): Promise<OfflineDocument[]> {
  const row = await ownOffline(db, caller, body.applyId)
  if (row.applyStatus !== applyStatus.TEMPORARY_SAVE) throw businessError(offlineMessages.notDraft)
  if (!row.form.applicationFiles.includes(body.fileId)) throw notFound('文件ID不存在')
  const written = await writeDraft(db, row.id, (current) => ({
    form: { ...current.form, applicationFiles: current.form.applicationFiles.filter((id) => id !== body.fileId) },
  }))
  return documentsOf(db, written)
}

/** What a generated document's token binds: its kind and the application (the form's is unit-apply's). */
const attorneySubject = (applicationId: string) => `offline-attorney-doc:${applicationId}`

const documentTitles: Record<OfflineDocumentKind, string> = { applicationForm: '电子印章申请表', attorneyDoc: '授权委托书' }

/** A 30-minute link to a generated document of the application, for a browser without the bearer header. */
export function documentLink(key: Buffer, applicationId: string, kind: OfflineDocumentKind, now = Date.now()) {
  const fileName = `${documentTitles[kind]}.pdf`
  if (kind === 'applicationForm') return { fileName, ...applicationFormLink(key, applicationId, now) }
  const token = createAccessToken(key, attorneySubject(applicationId), now, FORM_LINK_TTL_MS)
  const url = `/api/paas-seal-offline-sdk/v1/offlineApply/downloadDocument?applyId=${encodeURIComponent(applicationId)}&type=attorneyDoc&access_token=${encodeURIComponent(token)}`
  return { fileName, url, expiresAt: Number(token.split('.')[0]) }
}

const tokenFits = (key: Buffer, applicationId: string, kind: OfflineDocumentKind, token: string) =>
  kind === 'applicationForm' ? isFormLinkToken(key, applicationId, token) : verifyAccessToken(key, attorneySubject(applicationId), token)

/**
 * GET downloadDocument?applyId&type&access_token: the generated PDF, filled with the application (the
 * token is the authorisation). A wrong, expired or other application's token: 文件ID不存在, as no file.
 */
export async function generatedDocument(db: Database, key: Buffer, query: { applyId: string; type: OfflineDocumentKind; access_token?: string | undefined }) {
  if (!query.access_token || !tokenFits(key, query.applyId, query.type, query.access_token)) throw notFound('文件ID不存在')
  const [row] = await db
    .select()
    .from(unitApplications)
    .where(and(eq(unitApplications.id, query.applyId), isNull(unitApplications.deletedAt)))
    .limit(1)
  if (!row) throw notFound('文件ID不存在')
  const made = query.type === 'applicationForm' ? await applicationFormPdf(row) : await applicationStatementPdf(row, 'operator-authorization')
  return { pdf: made.pdf, fileName: `${documentTitles[query.type]}.pdf` }
}

/** The detail's links: none until the application names a seal (the form lists its seals). */
export function generatedLinks(key: Buffer, row: UnitApplication) {
  if (row.form.sealInfo.length === 0) return { applicationFormFileInfo: null, attorneyDocFileInfo: null }
  return {
    applicationFormFileInfo: documentLink(key, row.id, 'applicationForm'),
    attorneyDocFileInfo: isOffline(row) || row.applyType === 'OPERATOR_APPLY' ? documentLink(key, row.id, 'attorneyDoc') : null,
  }
}

