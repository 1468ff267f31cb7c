import { createHash, type Hash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createSignedData, type TimestampAuthority } from '@seal/pdf/pki/cms'
import { completeSignature, reservedContentsBytes, type PdfSigner } from '@seal/pdf/sign/sign-pdf'
import { sealedFileName } from '@seal/shared/api/sign-document'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { storeFileBytes, type StoredFile } from '../files/service.ts'
import { files } from '../files/tables.ts'
import { MAX_UPLOAD_BYTES } from '../plugins/upload-limit.ts'
import { publishSealUse, recordSealUse } from '../records/use-records.ts'
import { seals } from '../seals/tables.ts'
import type { Trust } from '../trust/context.ts'
import { trustMessages } from '../trust/messages.ts'
import { signerForAuthorizedUse, signerForSeal } from '../seals/seal-signer.ts'
import { serviceSigner } from '../trust/service-signer.ts'
import { timestampAuthority } from '../trust/timestamping.ts'
import { inWorker } from '../workers/pool.ts'

/**
 * Where a seal goes: page 1-based; the box in PDF points from the bottom-left corner of the page's visible
 * area (its CropBox clipped by its MediaBox, as viewers show it), on the page as stored (unrotated).
 * sign-pdf adds the area's origin when drawing. For the documents this service makes (the `sealLocation`s)
 * that area starts at the origin.
 */
export type SealPlacement = { page: number; x: number; y: number; width: number; height: number }

/** Half a point of slack: a box placed flush with the page's edge on screen may round past it. */
const EDGE_SLACK = 0.5

/**
 * Whether a box lies wholly on a page's visible area, given its size (the worker's `pageBox`): the one
 * "seal off the page" check of 用章 and the open API.
 */
export function onVisiblePage(rect: { x: number; y: number; width: number; height: number }, page: { width: number; height: number }): boolean {
  return rect.x >= -EDGE_SLACK && rect.y >= -EDGE_SLACK && rect.x + rect.width <= page.width + EDGE_SLACK && rect.y + rect.height <= page.height + EDGE_SLACK
}

/** A platform's use through the open API (open-api/open-sealing.ts): the binder stands as the user. */
export type PlatformUse = { platformId: string; platformName: string; binderPersonId: string }

export type SealDocumentInput = (
  | { caller: Caller; platform?: undefined }
  /** A platform sealing with a seal bound to it: the sealed copy belongs to no account, only to the platform. */
  | { caller?: undefined; platform: PlatformUse }
) & {
  sealId: string
  /**
   * The holder's seal PIN; or `authorised`, when the caller's authorisation was checked already
   * (authorised-use.ts); or the signer itself, made by a flow that checked the use its own way (the open API).
   */
  pin: string | { authorised: true } | { signer: PdfSigner }
  pdf: Uint8Array
  /**
   * The caller will not read `pdf` again: it is moved to the worker thread that signs it rather than
   * copied (megabytes), and is empty afterwards.
   */
  handOverPdf?: boolean
  /** A SHA-256 that has taken in `pdf` already (the request's check did): see `sealedSha256`. */
  pdfHashed?: Hash | undefined
  /** The seal's name and image when the caller has just read them (`sealAppearance`); else read here. */
  sealAppearance?: SealAppearance
  /** One place, or several: one signature each, applied one after the other. */
  placement: SealPlacement | SealPlacement[]
  fileName: string
  businessName?: string
  platformName?: string
  remark?: string
  /** Ask the timestamp authority (PAdES B-T): as the service is configured unless false. */
  timestamp?: boolean
  /**
   * What the use rests on besides the seal (an authorisation, a binding), checked again in the transaction
   * that records the use, holding its row so that a revoke waits for this use or this use sees the revoke.
   */
  stillEntitled?: (tx: Database) => Promise<void>
  /**
   * Refuses a placement given the visible size of its page, which the signing pass reads anyway (the open
   * API's "seal off the page" check, without parsing the document once more for it).
   */
  checkPlacement?: (placement: SealPlacement, page: { width: number; height: number }) => void
  /** What the flow writes with the sealed file, in the same transaction (e.g. the platform's document row). */
  inSameTransaction?: (tx: Database, file: StoredFile) => Promise<void>
  /**
   * The caller's handwritten signature beside the seal (a personal name seal's holder, on the 用章 screen):
   * a second signature by the service's document-signing certificate, as the agreements are signed by hand.
   */
  handwriting?: { image: Uint8Array; placement: SealPlacement; signerName: string }
}

/**
 * The largest sealed copy kept. It is our own output from a PDF within the upload limit (10 MiB), larger
 * by each signature's CMS, appearance and seal image (tens of KB each, at most 20 in one request): a PDF
 * the caller could send is never refused for what sealing added; this only stops a runaway.
 */
const MAX_SEALED_BYTES = 2 * MAX_UPLOAD_BYTES

/**
 * Applies a seal to a PDF (issue #3 items 7 and 9): the caller's PIN unlocks the seal's key, the seal image
 * is the visible appearance, the signature is appended as an incremental update, the signed copy is stored
 * as a new file of the caller's, and the use is recorded with it. The one function the application,
 * authorization and binding flows call.
 *
 * Write order (decisions.md "Crash safety"): the signed bytes are stored durably first, then the file row
 * and the use record are written in one transaction, so a use record always points at a stored document.
 *
 * A revoke that has answered binds every later use (DESIGN.md; issue #19 §2 item 5): signing takes a while,
 * so the seal being in effect and the caller's right (`stillEntitled`) are checked again in the transaction
 * that records the use, on rows it holds FOR SHARE. A cancellation, revoke or unbind updates those rows, so
 * it waits for this transaction to commit (the use recorded before it answers), or commits first and this
 * use is refused.
 */
export async function sealDocument(trust: Trust, input: SealDocumentInput): Promise<{ pdf: Uint8Array; sha256: string; file: StoredFile }> {
  const signer =
    typeof input.pin === 'string'
      ? await signerForSeal(trust, { sealId: input.sealId, pin: input.pin, caller: input.caller! })
      : 'signer' in input.pin
        ? input.pin.signer
        : await signerForAuthorizedUse(trust, { sealId: input.sealId })
  const { sealName, image: imageBytes } = input.sealAppearance ?? (await sealAppearance(trust, input.sealId))
  let pdf = input.pdf
  const originalLength = pdf.byteLength // before it is handed over
  for (const [i, placement] of (Array.isArray(input.placement) ? input.placement : [input.placement]).entries()) {
    pdf = await signWithImage({
      pdf,
      // Each signature's input after the first is our own last output, needed no more.
      handOver: i > 0 || input.handOverPdf === true,
      signer,
      image: imageBytes,
      placement,
      signerName: sealName,
      reason: input.remark ?? '电子印章签章',
      signingTime: trust.now(),
      timestampAuthority: input.timestamp === false ? undefined : timestampAuthority(trust),
      checkPage: input.checkPlacement && ((page) => input.checkPlacement!(placement, page)),
    })
  }
  if (input.handwriting) {
    pdf = await signWithImage({
      pdf,
      handOver: true,
      signer: await serviceSigner(trust),
      image: input.handwriting.image,
      placement: input.handwriting.placement,
      signerName: input.handwriting.signerName,
      reason: `${input.handwriting.signerName}手写签名`,
      signingTime: trust.now(),
      timestampAuthority: input.timestamp === false ? undefined : timestampAuthority(trust),
    })
  }
  const sha256 = sealedSha256(pdf, input.pdfHashed, originalLength)
  const stored = await storeFileBytes({
    store: trust.files,
    ownerAccountId: input.caller?.accountId ?? null,
    // A view, not a copy of the 2.5 MB: nothing writes to the sealed bytes after this.
    bytes: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    originalName: sealedFileName(input.fileName),
    maxBytes: MAX_SEALED_BYTES,
    sha256,
  })
  const file = await recordOrDiscard(trust, stored, async (tx, refuse) => {
    await sealStillInEffect(tx, input.sealId, input.stillEntitled).catch(refuse)
    const [row] = await tx.insert(files).values(stored).returning()
    await recordSealUse(tx, {
      sealId: input.sealId,
      userPersonId: input.caller ? input.caller.person.id : input.platform.binderPersonId,
      fileName: input.fileName,
      documentSha256: sha256,
      documentFileId: stored.id,
      businessName: input.businessName,
      platformName: input.platform?.platformName ?? input.platformName,
      platformId: input.platform?.platformId,
      remark: input.remark,
    })
    await input.inSameTransaction?.(tx, row!)
    return row!
  })
  // Committed: now it is a use (seal_uses_total); a refused or failed transaction never reaches here.
  publishSealUse(input.sealId)
  return { pdf, sha256, file }
}

/**
 * The sealed file's SHA-256. Signing only appends to the PDF (incremental updates keep the original bytes
 * as they are, @seal/pdf incremental-update.ts), so when the PDF was hashed already (`hashed`: a hash that
 * has taken in its `originalLength` bytes), its digest is that hash continued over the bytes appended,
 * not megabytes hashed again.
 */
function sealedSha256(sealed: Uint8Array, hashed: Hash | undefined, originalLength: number): string {
  if (!hashed || sealed.byteLength < originalLength) return createHash('sha256').update(sealed).digest('hex')
  return hashed.copy().update(sealed.subarray(originalLength)).digest('hex')
}

/** What a signature by the seal shows: its name and its image (the seal's picture as stored). */
export type SealAppearance = { sealName: string; image: Uint8Array }

/** The seal's name and image, read now. */
export async function sealAppearance(trust: Trust, sealId: string): Promise<SealAppearance & { sealTypeCode: string }> {
  const [seal] = await trust.db
    .select({ sealName: seals.sealName, sealTypeCode: seals.sealTypeCode, imageKey: files.storageKey })
    .from(seals)
    .innerJoin(files, eq(files.id, seals.imageFileId))
    .where(eq(seals.id, sealId))
  return { sealName: seal!.sealName, sealTypeCode: seal!.sealTypeCode, image: await sealImage(trust, seal!.imageKey) }
}

/**
 * Seal images read lately, by storage key: a stored file's bytes never change under its key (keys are
 * new for every file, files/service.ts), so a seal used again and again is read from the store once.
 */
const sealImages = new Map<string, Uint8Array>()
const SEAL_IMAGES_KEPT = 64

async function sealImage(trust: Trust, storageKey: string): Promise<Uint8Array> {
  const kept = sealImages.get(storageKey)
  if (kept) return kept
  const image = new Uint8Array(await trust.files.get(storageKey))
  if (sealImages.size >= SEAL_IMAGES_KEPT) sealImages.delete(sealImages.keys().next().value!)
  sealImages.set(storageKey, image)
  return image
}

/**
 * Runs the use's transaction. A use refused there (`refuse`: its right ended meanwhile) takes its signed
 * bytes with it; any other failure leaves them for the start-up sweep, since a commit that failed to answer
 * may still have recorded them.
 */
async function recordOrDiscard<T>(
  trust: Trust,
  stored: { storageKey: string },
  record: (tx: Database, refuse: (reason: unknown) => never) => Promise<T>,
): Promise<T> {
  let refused = false
  const refuse = (reason: unknown): never => {
    refused = true
    throw reason
  }
  try {
    return await trust.db.transaction((tx) => record(tx as unknown as Database, refuse))
  } catch (error) {
    if (refused) await trust.files.remove(stored.storageKey).catch(() => {})
    throw error
  }
}

/**
 * The seal's row held FOR SHARE, then the caller's right: the order a cancellation takes them in (the seal,
 * then its bindings), so the two cannot wait for each other. The right speaks first, in its own words (an
 * ended binding tells a platform the cause); then the seal must still be in effect.
 */
async function sealStillInEffect(tx: Database, sealId: string, stillEntitled: SealDocumentInput['stillEntitled']) {
  const [seal] = await tx.select({ status: seals.status }).from(seals).where(eq(seals.id, sealId)).for('share')
  await stillEntitled?.(tx)
  if (seal?.status === sealStatusWide.CANCELLED || seal?.status === sealStatusWide.REVOKED) throw businessError(trustMessages.sealCancelled)
  if (seal?.status !== sealStatusWide.VALID) throw businessError(trustMessages.sealNotInEffect)
}

/**
 * One visible signature with an image appearance (a seal or a handwritten signature). Reading the PDF and
 * the image, and writing the update, happen in a worker thread; the key and the timestamp stay here.
 */
export async function signWithImage(input: {
  pdf: Uint8Array
  /** The caller will not read `pdf` again: moved to the worker, not copied (workers/pool.ts `handOver`). */
  handOver?: boolean
  signer: PdfSigner
  image: Uint8Array
  placement: SealPlacement
  signerName: string
  reason: string
  signingTime: Date
  timestampAuthority: TimestampAuthority | undefined
  /** Refuses the placement on the page's visible size, read in the same worker trip as the signature. */
  checkPage?: ((page: { width: number; height: number }) => void) | undefined
}): Promise<Uint8Array> {
  const { page, ...rect } = input.placement
  const prepared = await inWorker({
    kind: 'prepareSignature',
    input: {
      pdf: input.pdf,
      appearance: { page, rect, image: input.image },
      signerName: input.signerName,
      reason: input.reason,
      location: '电子印章服务',
      signingTime: input.signingTime,
      contentsBytes: reservedContentsBytes(input.signer.certificateChain, Boolean(input.timestampAuthority)),
    },
  }, { handOver: input.handOver ? [input.pdf] : [] })
  const box = prepared.pageBox
  input.checkPage?.({ width: box.x1 - box.x0, height: box.y1 - box.y0 })
  const cms = await createSignedData({ signer: input.signer, contentDigest: prepared.contentDigest, timestampAuthority: input.timestampAuthority })
  return completeSignature(prepared, cms)
}
