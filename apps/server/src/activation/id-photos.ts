import { and, eq } from 'drizzle-orm'
import { messages } from '@seal/shared/messages'
import { idBackProblem, idFrontProblem } from '@seal/shared/rules/id-card-photos'
import type { Caller } from '../plugins/caller.ts'
import { accounts } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import type { FileStore } from '../files/store.ts'
import { files } from '../files/tables.ts'
import type { OcrProvider } from '../identity/ocr-provider.ts'
import { idCardOcrResult, submitOcrImage, type IdCardOcrResult } from '../identity/ocr-service.ts'

type Side = { fileId: string; imgType: '10' | '11' }

/**
 * The legal representative's ID card, as the server reads it: both photos are stored files of his own
 * (any of his accounts uploaded them), each read by OCR — the reading his own upload to
 * /paas-ai/ocr/uploadImgBase64 already made of the same picture, else a new one — and checked with the
 * screen's own rule (@seal/shared/rules/id-card-photos): the portrait side must carry his number and name,
 * the emblem side a validity not yet ended. The first problem is thrown with the spec's message.
 */
export async function checkLegalIdPhotos(options: {
  db: Database
  store: FileStore
  ocr: OcrProvider
  caller: Caller
  legal: { identityNo: string; name: string }
  front: string
  back: string
  now: Date
}): Promise<void> {
  const front = await readSide(options, { fileId: options.front, imgType: '10' })
  const frontProblem = idFrontProblem(front.imgType === '10' ? front : {}, { who: '法人', idNo: options.legal.identityNo, name: options.legal.name })
  if (frontProblem) throw businessError(frontProblem)
  const back = await readSide(options, { fileId: options.back, imgType: '11' })
  const backProblem = idBackProblem(back.imgType === '11' ? back : {}, options.now.getTime())
  if (backProblem) throw businessError(backProblem)
}

async function readSide(options: { db: Database; store: FileStore; ocr: OcrProvider; caller: Caller }, side: Side): Promise<IdCardOcrResult> {
  const { db, caller } = options
  const [file] = await db
    .select({ storageKey: files.storageKey })
    .from(files)
    .innerJoin(accounts, eq(accounts.id, files.ownerAccountId))
    .where(and(eq(files.id, side.fileId), eq(accounts.personId, caller.person.id)))
    .limit(1)
  // Someone else's file, or none: the photo is missing, whatever the id names.
  if (!file) throw businessError(side.imgType === '10' ? messages.legalIdFrontRequired : messages.legalIdBackRequired)
  const bytes = await options.store.get(file.storageKey)
  // The OCR module checks the picture (PNG or JPEG, 5 MB) and reuses the caller's reading of the same bytes.
  const { busSerialNo } = await submitOcrImage({ db, ocr: options.ocr, accountId: caller.accountId, imgType: side.imgType, fileBase64: bytes.toString('base64') })
  return idCardOcrResult(db, caller.accountId, busSerialNo)
}
