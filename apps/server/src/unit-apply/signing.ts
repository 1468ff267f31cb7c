import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { PageBox } from '@seal/pdf/documents/positions'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { applicantKind } from '@seal/shared/codes/business-type'
import { messageTemplates } from '@seal/shared/messages'
import type { submitSignBody } from '@seal/shared/api/unit-apply'
import { signPinProblem } from '@seal/shared/rules/unit-apply'
import type { z } from 'zod'
import type { Caller } from '../plugins/caller.ts'
import { sendSmsCode, verifySmsCode, type SmsSender } from '../auth/sms-codes.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { saveFile, saveFileOnce } from '../files/service.ts'
import type { FileStore } from '../files/store.ts'
import { files } from '../files/tables.ts'
import { handwritingImage } from '../signing/handwriting.ts'
import { signWithImage } from '../signing/seal-document.ts'
import type { Trust } from '../trust/context.ts'
import { serviceSigner } from '../trust/service-signer.ts'
import { timestampAuthority } from '../trust/timestamping.ts'
import { hashSealPin, verifySealPin } from '../trust/pin.ts'
import { isApplicant, isNamedLegalRepresentative, readableApplication } from './access.ts'
import { pinsAtSigning } from './checks.ts'
import { applicationFormPdf, applicationStatementPdf } from './documents.ts'
import { applyServerMessages } from './messages.ts'
import { moveStatus, runReview } from './status-moves.ts'
import type { SignedFile, UnitApplication } from './tables.ts'

/**
 * The legal representative signs the application's documents (spec 001 "Signing files"; our own signing
 * page stands in for the spec's signing SDK): a handwriting sample of theirs in each signature box, as a
 * PAdES signature by the service's document-signing certificate, confirmed by an SMS code to their phone.
 */

const SIGN_PURPOSE = 'apply-sign'

/**
 * The application the caller may sign or refuse: they are the legal representative it names, and it is
 * their own legal application still in draft, or an operator's waiting for them (PENDING_SIGN).
 */
async function applicationToSign(db: Database, caller: Caller, id: string, allowed: 'sign' | 'refuse'): Promise<UnitApplication> {
  const row = await readableApplication(db, caller, id)
  if (!isNamedLegalRepresentative(caller, row)) {
    // They may read it (applicant, the unit's account), so they may hear why.
    if (row.applyType === applicantKind.LEGAL_APPLY && isApplicant(caller, row)) throw businessError(messageTemplates.identityMismatch('法人'))
    throw businessError(applyServerMessages.notLegalRepresentative)
  }
  const ownDraft = row.applyStatus === applyStatus.TEMPORARY_SAVE && row.applyType === applicantKind.LEGAL_APPLY && isApplicant(caller, row)
  if (allowed === 'refuse') {
    if (row.applyStatus !== applyStatus.PENDING_SIGN) throw businessError(applyServerMessages.cannotRefuse)
  } else if (!ownDraft && row.applyStatus !== applyStatus.PENDING_SIGN) {
    throw businessError(applyServerMessages.cannotSign)
  }
  return row
}

type Document = { key: string; title: string; pdf: Uint8Array; signLocation: PageBox }

/** The documents to sign: the form and the confirmation, and the operator's authorisation when an operator applies. */
async function documentsOf(row: UnitApplication, signedOn?: Date): Promise<Document[]> {
  const form = await applicationFormPdf(row)
  const confirmation = await applicationStatementPdf(row, 'confirmation', signedOn)
  const documents: Document[] = [
    { key: 'applyFormId', title: '电子印章申请表', pdf: form.pdf, signLocation: form.positions.signLocation },
    { key: 'applyConfirmDocumentId', title: '电子印章申请确认书', pdf: confirmation.pdf, signLocation: confirmation.positions.signLocation },
  ]
  if (row.applyType === applicantKind.OPERATOR_APPLY) {
    const authorisation = await applicationStatementPdf(row, 'operator-authorization', signedOn)
    documents.push({ key: 'authDocumentId', title: '授权委托书', pdf: authorisation.pdf, signLocation: authorisation.positions.signLocation })
  }
  return documents
}

/**
 * POST /seal-apply/apply/signDocuments †: the unsigned documents as the caller's files, to preview. The
 * same application gives the same bytes, so opening the page again reuses the files it stored before.
 */
export async function signDocuments(options: { db: Database; store: FileStore; caller: Caller; id: string }): Promise<SignedFile[]> {
  const documents = await documentsToSign(options)
  return documents.map(({ key, title, fileId }) => ({ key, title, fileId }))
}

/** The unsigned documents as the caller's files, each with the box the signature goes in (the agency centre's getLocalConfig). */
export async function documentsToSign(options: { db: Database; store: FileStore; caller: Caller; id: string }): Promise<(SignedFile & { signLocation: PageBox })[]> {
  const { db, store, caller } = options
  const row = await applicationToSign(db, caller, options.id, 'sign')
  const documents = await documentsOf(row)
  return Promise.all(
    documents.map(async ({ key, title, pdf, signLocation }) => {
      const file = await saveFileOnce({ db, store, ownerAccountId: caller.accountId, bytes: Buffer.from(pdf), originalName: `${title}.pdf` })
      return { key, title, fileId: file.id, signLocation }
    }),
  )
}

/** POST /seal-apply/apply/signCode †: a code to the legal representative's phone on record (60 s rule and limits). */
export async function sendSignCode(options: { db: Database; sms: SmsSender; caller: Caller; id: string }) {
  const { db, caller } = options
  await applicationToSign(db, caller, options.id, 'sign')
  return sendSmsCode({ db, sms: options.sms, phone: caller.person.phone, purpose: SIGN_PURPOSE })
}

/**
 * POST /seal-apply/apply/submitSign: checks the handwriting is the caller's, his PIN (an operator's
 * application: set for the seals, or confirmed against the seal they keep), then the code (used up once),
 * signs every document and records the signed files. An operator's application waiting for the legal
 * representative moves on to review in the same conditional update, with the PINs he set; their own
 * draft keeps its status (the wizard submits it next).
 */
export async function submitSign(options: {
  trust: Trust
  store: FileStore
  caller: Caller
  body: z.infer<typeof submitSignBody>
  log: FastifyBaseLogger
}): Promise<UnitApplication> {
  const { trust, store, caller, body } = options
  const db = trust.db
  const row = await applicationToSign(db, caller, body.applyId, 'sign')
  const image = await handwritingImage({ db, store, caller, signatureId: body.signatureId })
  const pins = await pinsOfSigner(db, row, body)
  await verifySmsCode({ db, phone: caller.person.phone, purpose: SIGN_PURPOSE, code: body.smsCode })

  const signer = await serviceSigner(trust)
  const signingTime = trust.now()
  const signed: SignedFile[] = []
  for (const document of await documentsOf(row, signingTime)) {
    const pdf = await signWithImage({
      pdf: document.pdf,
      signer,
      image,
      placement: document.signLocation,
      signerName: caller.person.name,
      reason: `${caller.person.name}（法定代表人）手写签署《${document.title}》`,
      signingTime,
      timestampAuthority: timestampAuthority(trust),
    })
    // The signed files are durable before the application points at them (decisions.md "Crash safety").
    const file = await saveFile({ db, store, ownerAccountId: caller.accountId, bytes: Buffer.from(pdf), originalName: `${document.title}（已签署）.pdf` })
    signed.push({ key: document.key, title: document.title, fileId: file.id })
  }

  const waiting = row.applyStatus === applyStatus.PENDING_SIGN
  const moved = await moveStatus(db, {
    id: row.id,
    from: [row.applyStatus],
    // Only a verified person gets here (applicationToSign): the signer on record is what automatic review asks for.
    set: waiting
      ? { signedFiles: signed, legalSignedBy: caller.person.id, applyStatus: applyStatus.PENDING_REVIEW, ...pins }
      : { signedFiles: signed, legalSignedBy: caller.person.id },
  })
  if (!moved) throw businessError(applyServerMessages.statusChanged)
  if (waiting) await runReview(trust, row.id, options.log)
  return readableApplication(db, caller, row.id)
}

/**
 * Whoever holds a seal sets its PIN himself: the legal representative signing an operator's application
 * sets his PIN for the seals it makes (and the manager's, the operator not being the manager), or confirms
 * the PIN of the seal it keeps (counted against that seal's attempts). Answers the columns to write, with
 * the mark review looks for (legalPinSetAtSigning).
 */
async function pinsOfSigner(db: Database, row: UnitApplication, body: z.infer<typeof submitSignBody>) {
  if (row.applyStatus !== applyStatus.PENDING_SIGN) return {}
  const needs = pinsAtSigning(row)
  const problem = signPinProblem(body, needs)
  if (problem) throw businessError(problem)
  if (needs.legal === 'confirm') {
    const check = await verifySealPin(db, { sealId: row.sealId, pin: body.legalPassword ?? '' })
    if (!check.ok) throw businessError(check.message)
  }
  return {
    ...(needs.legal === 'set' ? { legalPinHash: await hashSealPin(body.legalPassword!), form: { ...row.form, legalPinSetAtSigning: true } } : {}),
    ...(needs.manager ? { managerPinHash: await hashSealPin(body.sealManagerPassword!) } : {}),
  }
}

/** GET /seal-apply/apply/refuse: the named legal representative refuses an operator's application (未签署，法人拒绝). */
export async function refuseApplication(db: Database, caller: Caller, id: string): Promise<void> {
  const row = await applicationToSign(db, caller, id, 'refuse')
  const moved = await moveStatus(db, { id: row.id, from: [applyStatus.PENDING_SIGN], set: { applyStatus: applyStatus.LEGAL_REFUSED } })
  if (!moved) throw businessError(applyServerMessages.cannotRefuse)
}

/** The signed documents on an application, read by their id (they are the legal representative's files). */
export async function signedFileRow(db: Database, row: UnitApplication, key?: string) {
  const first = key === undefined ? row.signedFiles[0] : row.signedFiles.find((f) => f.key === key)
  if (!first) return undefined
  const [file] = await db.select().from(files).where(eq(files.id, first.fileId)).limit(1)
  return file ? { ...file, title: first.title } : undefined
}
