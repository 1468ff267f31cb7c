import { createHash } from 'node:crypto'
import { and, desc, eq, gt } from 'drizzle-orm'
import sharp from 'sharp'
import { withinPixels } from '@seal/shared/image-limits'
import { BYTES_PER_MB, uploadLimitMb, type ImgType } from '@seal/shared/codes/upload'
import { messages } from '@seal/shared/messages'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import type { OcrProvider } from './ocr-provider.ts'
import {
  OcrFailure,
  type BusinessLicenceResult,
  type IdCardBackResult,
  type IdCardFrontResult,
  type OcrFailureReason,
} from './ocr-types.ts'
import { ocrRequests } from './tables.ts'

/** imgType of an upload as text (001 §3, the codes of @seal/shared/codes/upload): 10 ID front, 11 ID back, 20 business licence. */
export const ocrImgTypes = ['10', '11', '20'] as const satisfies readonly `${ImgType}`[]
export type OcrImgType = (typeof ocrImgTypes)[number]

/** ID and licence images: 5 MB at most (002 §9). */
export const MAX_OCR_IMAGE_BYTES = uploadLimitMb.image * BYTES_PER_MB
/** Larger pictures are refused before decoding (a small file can hold a huge, mostly empty picture). */
/** However busy tesseract is, an upload is answered within this (recognition then counts as failed). */
const RECOGNITION_DEADLINE_MS = 60_000
/** The same picture uploaded again by the same person within this reuses the first recognition. */
const REUSE_WINDOW_MS = 24 * 60 * 60_000

const uploadFailed = (reason: string) => `${messages.imageUploadFailed}:${reason}`

export const ocrMessages = {
  empty: uploadFailed('请选择图片'),
  notBase64: uploadFailed('图片数据不是有效的base64编码'),
  wrongType: uploadFailed('请上传png、jpeg、jpg格式的图片'),
  tooLarge: uploadFailed(`图片大小不能超过${uploadLimitMb.image}M`),
  damaged: uploadFailed('图片已损坏，请重新选择'),
  tooManyPixels: uploadFailed('图片尺寸过大，请重新选择'),
  /** 图片识别失败 (002 §5). */
  recognitionFailed: messages.imageRecognitionFailed,
  /** A back uploaded as the front. */
  frontExpected: messages.idFrontRequired,
  /** A front uploaded as the back, or a back without its validity period: 请上传正确的证件国徽面 (002 §5). */
  backExpected: messages.idBackInvalid,
} as const

/**
 * Decodes `fileBase64` (a data URL or bare base64) and checks it is a PNG or JPEG of at most 5 MB by its
 * content, whatever the data URL claims. Throws the upload message the client shows.
 */
export async function decodeOcrImage(fileBase64: string): Promise<Buffer> {
  const base64 = fileBase64.replace(/^data:[^,]{0,100},/, '').replace(/\s+/g, '')
  if (!base64) throw businessError(ocrMessages.empty)
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64) || base64.length % 4 === 1)
    throw businessError(ocrMessages.notBase64)
  // Checked on the text first, so an oversize upload is refused without decoding it.
  if (Math.floor((base64.length * 3) / 4) > MAX_OCR_IMAGE_BYTES + 2) throw businessError(ocrMessages.tooLarge)
  const bytes = Buffer.from(base64, base64.includes('-') || base64.includes('_') ? 'base64url' : 'base64')
  if (bytes.length === 0) throw businessError(ocrMessages.empty)
  if (bytes.length > MAX_OCR_IMAGE_BYTES) throw businessError(ocrMessages.tooLarge)
  if (!isPng(bytes) && !isJpeg(bytes)) throw businessError(ocrMessages.wrongType)
  let width = 0
  let height = 0
  try {
    ;({ width = 0, height = 0 } = await sharp(bytes).metadata())
  } catch {
    throw businessError(ocrMessages.damaged)
  }
  if (width === 0 || height === 0) throw businessError(ocrMessages.damaged)
  if (!withinPixels({ width, height }, 'photo')) throw businessError(ocrMessages.tooManyPixels)
  return bytes
}

const isPng = (b: Buffer) =>
  b.length > 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff

/**
 * `/paas-ai/ocr/uploadImgBase64`: checks the picture, recognises it at once and keeps the result (not the
 * picture) under a new serial. A failed recognition is kept too: the query by serial says why.
 */
export async function submitOcrImage(options: {
  db: Database
  ocr: OcrProvider
  accountId: string
  imgType: OcrImgType
  fileBase64: string
}): Promise<{ busSerialNo: string }> {
  const { db, accountId, imgType } = options
  const image = await decodeOcrImage(options.fileBase64)
  const imageSha256 = createHash('sha256').update(image).digest('hex')
  const [earlier] = await db
    .select({ id: ocrRequests.id })
    .from(ocrRequests)
    .where(
      and(
        eq(ocrRequests.requestedBy, accountId),
        eq(ocrRequests.imageSha256, imageSha256),
        eq(ocrRequests.imgType, imgType),
        eq(ocrRequests.status, 'recognized'),
        gt(ocrRequests.createdAt, new Date(Date.now() - REUSE_WINDOW_MS)),
      ),
    )
    .orderBy(desc(ocrRequests.createdAt))
    .limit(1)
  if (earlier) return { busSerialNo: earlier.id }

  const outcome = await recognise(options.ocr, imgType, image)
  const [row] = await db
    .insert(ocrRequests)
    .values({
      imgType,
      requestedBy: accountId,
      imageSha256,
      status: 'result' in outcome ? 'recognized' : 'failed',
      result: 'result' in outcome ? outcome.result : null,
      failure: 'failure' in outcome ? outcome.failure : null,
    })
    .returning({ id: ocrRequests.id })
  return { busSerialNo: row!.id }
}

type Outcome =
  { result: IdCardFrontResult | IdCardBackResult | BusinessLicenceResult } | { failure: OcrFailureReason }

async function recognise(ocr: OcrProvider, imgType: OcrImgType, image: Buffer): Promise<Outcome> {
  const work =
    imgType === '10'
      ? ocr.recognizeIdCardFront(image)
      : imgType === '11'
        ? ocr.recognizeIdCardBack(image)
        : ocr.recognizeBusinessLicense(image)
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new OcrFailure('unavailable', 'recognition took too long')),
      RECOGNITION_DEADLINE_MS,
    )
  })
  try {
    return { result: await Promise.race([work, deadline]) }
  } catch (error) {
    // Whatever went wrong is a recognition failure the client can act on (upload again), never a 500.
    return { failure: error instanceof OcrFailure ? error.reason : 'unavailable' }
  } finally {
    clearTimeout(timer)
    work.catch(() => {})
  }
}

export type IdCardOcrResult =
  | ({ busSerialNo: string; imgType: '10' } & IdCardFrontResult)
  | ({ busSerialNo: string; imgType: '11' } & IdCardBackResult)
export type BusinessLicenceOcrResult = { busSerialNo: string; imgType: '20' } & BusinessLicenceResult

/**
 * `/paas-ai/ocr/idcard/{serial}`: the recognised side of an ID card, for the account that uploaded it only
 * (anyone else: 数据不存在). A failed recognition answers 图片识别失败, or for the wrong side of the card
 * 请上传身份证正面 / 请上传正确的证件国徽面.
 */
export async function idCardOcrResult(
  db: Database,
  accountId: string,
  serial: string,
): Promise<IdCardOcrResult> {
  const row = await ownRequest(db, accountId, serial)
  if (row.imgType !== '10' && row.imgType !== '11') throw notFound()
  if (row.status !== 'recognized') throw failureError(row.imgType, row.failure)
  return {
    busSerialNo: row.id,
    imgType: row.imgType,
    ...(row.result as IdCardFrontResult & IdCardBackResult),
  }
}

/** `/paas-ai/ocr/businessLicense/{serial}`: the recognised licence (unit name, credit code, legal representative). */
export async function businessLicenceOcrResult(
  db: Database,
  accountId: string,
  serial: string,
): Promise<BusinessLicenceOcrResult> {
  const row = await ownRequest(db, accountId, serial)
  if (row.imgType !== '20') throw notFound()
  if (row.status !== 'recognized') throw failureError(row.imgType, row.failure)
  return { busSerialNo: row.id, imgType: '20', ...(row.result as BusinessLicenceResult) }
}

async function ownRequest(db: Database, accountId: string, serial: string) {
  const [row] = await db
    .select()
    .from(ocrRequests)
    .where(and(eq(ocrRequests.id, serial), eq(ocrRequests.requestedBy, accountId)))
    .limit(1)
  if (!row) throw notFound()
  return row
}

function failureError(imgType: OcrImgType, failure: string | null) {
  if (failure === 'wrongSide' && imgType === '10') return businessError(ocrMessages.frontExpected)
  if (failure === 'wrongSide' && imgType === '11') return businessError(ocrMessages.backExpected)
  return businessError(ocrMessages.recognitionFailed)
}
