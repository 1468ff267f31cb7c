import type { Hash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FindTextOptions, TextMatch } from '@seal/pdf/text/find-text'
import { AppError } from '../errors.ts'
import { files } from '../files/tables.ts'
import { platformDocuments, type Platform } from '../platforms/tables.ts'
import { sealSizeMm } from '../signing/seal-size.ts'
import { onVisiblePage, sealAppearance, sealDocument, type SealAppearance, type SealPlacement } from '../signing/seal-document.ts'
import type { Trust } from '../trust/context.ts'
import { signerForAuthorizedUse, type PdfSigner } from '../seals/seal-signer.ts'
import { inWorker } from '../workers/pool.ts'
import { bindingForSealing, bindingStillHolds } from './bound-seals.ts'
import { openApiError } from './errors.ts'
import { claimIdempotencyKey, completeIdempotencyKey, IDEMPOTENCY_LEASE_RENEW_MS, releaseIdempotencyKey, renewIdempotencyLease, type IdempotencyLease } from './idempotency.ts'

/** At most this many signatures in one request (positions × keyword occurrences). */
export const MAX_SIGNATURES = 20
/** Keyword positions search documents of at most this many pages. */
export const MAX_KEYWORD_PAGES = 500

const POINTS_PER_MM = 72 / 25.4

/** Where the platform wants the seal: a point on a page, or a phrase of the document's text. */
export type OpenSealPosition =
  | { page: number; x: number; y: number }
  | { keyword: string; page?: number | undefined; occurrence?: 'first' | 'last' | 'all' | undefined; offsetX?: number | undefined; offsetY?: number | undefined }

export type OpenSealRequest = {
  platform: Platform
  sealId: string
  fileName: string
  pdf: Uint8Array
  /** A SHA-256 that has taken in `pdf` (the raw form's, plugin.ts): the sealed file's digest continues it. */
  pdfHashed?: Hash | undefined
  positions: OpenSealPosition[]
  timestamp: boolean
  remark?: string | undefined
  businessName?: string | undefined
}

export type SealedDocument = {
  documentId: string
  sealId: string
  fileName: string
  sha256: string
  size: number
  signatures: number
  timestamped: boolean
  createdAt: string
  /** Where each seal went, in PDF points from the bottom-left corner of the page as shown, in the order they were applied. */
  placements: SealPlacement[]
}

/**
 * A platform seals a PDF with a seal bound to it (docs/platforms.md "Sealing a document"). No PIN: the
 * binder confirmed with the seal password or handwriting when binding, and that holds while the binding
 * is in effect (bound-seals.ts `bindingForSealing`). The seal must be in effect with a valid certificate.
 * One signature per placement, one after the other as incremental updates; one use record for the
 * document, naming the platform and the binder; the platform's document row in the same transaction as
 * the sealed file and the use record.
 */
export async function sealForPlatform(trust: Trust, request: OpenSealRequest, lease?: IdempotencyLease): Promise<SealedDocument> {
  const { platform } = request
  const binding = await bindingForSealing(trust.db, platform.id, request.sealId, trust.now())
  if (request.timestamp && trust.timestamping.provider === 'none') throw openApiError('TIMESTAMP_UNAVAILABLE')
  const signer = await usableSigner(trust, request.sealId)
  if (!looksLikePdf(request.pdf)) throw openApiError('PDF_INVALID')

  const { size, appearance } = await sealOnPaper(trust, request.sealId)
  const placements = await placementsFor(request.pdf, request.positions, size)

  let answer: SealedDocument | undefined
  await sealDocument(trust, {
    platform: { platformId: platform.id, platformName: platform.clientName, binderPersonId: binding.personId },
    sealId: request.sealId,
    pin: { signer },
    sealAppearance: appearance,
    pdf: request.pdf,
    // Nothing reads the platform's PDF after this (a retry decodes its own).
    handOverPdf: true,
    pdfHashed: request.pdfHashed,
    placement: placements,
    fileName: request.fileName,
    remark: request.remark,
    businessName: request.businessName,
    timestamp: request.timestamp,
    checkPlacement: refuseOffPage,
    stillEntitled: (tx) => bindingStillHolds(tx, binding, trust.now()),
    inSameTransaction: async (tx, stored) => {
      const [row] = await tx
        .insert(platformDocuments)
        .values({ platformId: platform.id, sealId: request.sealId, fileId: stored.id, fileName: stored.originalName, sha256: stored.sha256 })
        .returning({ id: platformDocuments.id })
      answer = {
        documentId: row!.id,
        sealId: request.sealId,
        fileName: stored.originalName,
        sha256: stored.sha256,
        size: stored.size,
        signatures: placements.length,
        timestamped: request.timestamp,
        createdAt: stored.createdAt.toISOString(),
        placements,
      }
      if (lease) await completeIdempotencyKey(tx, lease, { documentId: row!.id, response: answer, now: trust.now() })
    },
  })
  return answer!
}

/**
 * A sealing sent with an `Idempotency-Key` (idempotency.ts): the first request with the key seals; a
 * retry with the same body answers the first one's document (`replayed`), without signing again. The
 * request is built only when it is to run (`request`: decoding the PDF is skipped for a replay). A refusal
 * or a failure gives the key back, so a corrected or later retry may run.
 */
export async function sealForPlatformOnce(
  trust: Trust,
  input: { platform: Platform; key: string; requestSha256: string; request: () => OpenSealRequest },
): Promise<{ document: SealedDocument; replayed: boolean }> {
  const claim = await claimIdempotencyKey(trust.db, { platformId: input.platform.id, key: input.key, requestSha256: input.requestSha256, now: trust.now() })
  if (claim.kind === 'replay') return { document: claim.response as SealedDocument, replayed: true }
  // The lease is renewed while the sealing runs, so it may be short: a process that dies frees the key soon.
  const renewing = setInterval(() => {
    renewIdempotencyLease(trust.db, claim.lease, trust.now()).catch(() => {}) // a missed renewal: the next one, or the lease runs out
  }, IDEMPOTENCY_LEASE_RENEW_MS)
  try {
    return { document: await sealForPlatform(trust, input.request(), claim.lease), replayed: false }
  } catch (error) {
    await releaseIdempotencyKey(trust.db, claim.lease)
    throw error
  } finally {
    clearInterval(renewing)
  }
}

/** A document the platform had sealed, with its bytes (the route answers them as base64 or as the PDF itself); another platform's is "not found". */
export async function platformDocument(trust: Trust, platformId: string, documentId: string) {
  const [row] = await trust.db
    .select({ document: platformDocuments, file: files })
    .from(platformDocuments)
    .innerJoin(files, eq(files.id, platformDocuments.fileId))
    .where(and(eq(platformDocuments.id, documentId), eq(platformDocuments.platformId, platformId)))
  if (!row) throw openApiError('DOCUMENT_NOT_FOUND')
  const bytes = await trust.files.get(row.file.storageKey)
  return {
    documentId: row.document.id,
    sealId: row.document.sealId,
    fileName: row.document.fileName,
    sha256: row.document.sha256,
    size: row.file.size,
    createdAt: row.document.createdAt.toISOString(),
    pdf: bytes,
  }
}

/** The seal's signer, if the seal is in effect and its certificate valid; else SEAL_UNUSABLE, saying why. */
async function usableSigner(trust: Trust, sealId: string): Promise<PdfSigner> {
  try {
    return await signerForAuthorizedUse(trust, { sealId })
  } catch (error) {
    if (error instanceof AppError) throw openApiError('SEAL_UNUSABLE', error.message)
    throw error
  }
}

const looksLikePdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')

/**
 * The seal's size on paper, in points (as 用章 draws it, signing/seal-document-routes.ts), and what its
 * signatures show (its name and image), read once for both.
 */
async function sealOnPaper(trust: Trust, sealId: string): Promise<{ size: { width: number; height: number }; appearance: SealAppearance }> {
  const { sealTypeCode, ...appearance } = await sealAppearance(trust, sealId)
  const mm = sealSizeMm(Buffer.from(appearance.image.buffer, appearance.image.byteOffset, appearance.image.byteLength), sealTypeCode)
  return { size: { width: mm.width * POINTS_PER_MM, height: mm.height * POINTS_PER_MM }, appearance }
}

/**
 * Where each seal goes. A point is the seal's bottom-left corner in PDF points from the bottom-left corner
 * of the page's visible area (its CropBox clipped by its MediaBox, as viewers show it; SealPlacement); a
 * keyword puts the seal's centre on the centre of the phrase (moved by offsetX/offsetY), at its first, last
 * or every occurrence, on one page or any: findText answers in the same frame. Every seal must lie on its
 * page's visible area (PAGE_OUT_OF_RANGE, POSITION_INVALID), as 用章 requires.
 */
async function placementsFor(pdf: Uint8Array, positions: OpenSealPosition[], size: { width: number; height: number }): Promise<SealPlacement[]> {
  const keywords = positions.flatMap((p) => ('keyword' in p ? [p] : []))
  const found = keywords.length > 0 ? await findKeywords(pdf, keywords) : new Map<KeywordPosition, TextMatch[]>()
  const placements: SealPlacement[] = []
  for (const position of positions) {
    if (!('keyword' in position)) {
      placements.push({ page: position.page, x: position.x, y: position.y, ...size })
      continue
    }
    const onPage = found.get(position) ?? []
    if (onPage.length === 0) {
      // pdf.js reads what it can of a broken file and finds no text in it: a file our reader cannot open
      // is PDF_INVALID, as it is for a point (a PdfSignError from the worker).
      await inWorker({ kind: 'pageBoxes', pdf, pages: [] })
      throw openApiError('KEYWORD_NOT_FOUND', `未在文档中找到关键字：${position.keyword}`)
    }
    const occurrence = position.occurrence ?? 'first'
    const chosen = occurrence === 'all' ? onPage : [occurrence === 'last' ? onPage.at(-1)! : onPage[0]!]
    for (const match of chosen) placements.push(centredOn(match, size, position))
  }
  if (placements.length > MAX_SIGNATURES) throw openApiError('TOO_MANY_SIGNATURES')
  return placements
}

/**
 * Every seal wholly inside what a viewer shows of its page. Checked as each signature is prepared (the
 * worker reads the page's box in the same pass), so the document is parsed once per signature and not once
 * more for the check; a page the document lacks is the signing pass's PAGE_OUT_OF_RANGE (a PdfSignError
 * the plugin answers as such), a file it cannot read its PDF_INVALID. Nothing is stored before every
 * signature is made, so a refusal at the second leaves nothing behind.
 */
function refuseOffPage(placement: SealPlacement, page: { width: number; height: number }): void {
  if (!onVisiblePage(placement, page)) throw openApiError('POSITION_INVALID', `签章位置超出页面范围（第${placement.page}页）`)
}

type KeywordPosition = Extract<OpenSealPosition, { keyword: string }>

/**
 * The matches each keyword position chooses from. The cap on matches (one more than a request may sign)
 * holds per position, never across them: positions asking the same thing (the same page or every page,
 * from the start or from the end) share one search, so a keyword on a named page is found however often it
 * occurs elsewhere, and `last` is the document's last occurrence, not the cap's. At most one search per
 * position (20), each over at most MAX_KEYWORD_PAGES pages whose text the worker reads once (find-text.ts).
 */
async function findKeywords(pdf: Uint8Array, keywords: KeywordPosition[]): Promise<Map<KeywordPosition, TextMatch[]>> {
  const searches = new Map<string, { page: number | undefined; keep: 'first' | 'last'; positions: KeywordPosition[] }>()
  for (const position of keywords) {
    const keep = position.occurrence === 'last' ? 'last' : 'first'
    const key = `${position.page ?? '*'}:${keep}`
    const search = searches.get(key) ?? { page: position.page, keep, positions: [] }
    search.positions.push(position)
    searches.set(key, search)
  }
  const found = new Map<KeywordPosition, TextMatch[]>()
  for (const { page, keep, positions } of searches.values()) {
    const phrases = [...new Set(positions.map((p) => p.keyword))]
    const options = { pages: page === undefined ? undefined : [page], keep, maxMatchesPerPhrase: MAX_SIGNATURES + 1, maxPages: MAX_KEYWORD_PAGES }
    const matches = await searchText(pdf, phrases, options)
    for (const position of positions) found.set(position, matches[position.keyword] ?? [])
  }
  return found
}

async function searchText(pdf: Uint8Array, phrases: string[], options: FindTextOptions): Promise<Record<string, TextMatch[]>> {
  try {
    return await inWorker({ kind: 'findText', pdf, phrases, options })
  } catch (error) {
    if (error instanceof AppError) throw error
    if ((error as Error).name === 'FindTextError') throw openApiError('REQUEST_REFUSED', `关键字定位仅支持${MAX_KEYWORD_PAGES}页以内的文档`)
    // A file pdf.js cannot open gets the answer a point gets: our own reader's (an encrypted PDF's
    // 文档已加密，无法签章, a PdfSignError from the worker), and PDF_INVALID when that reader opens it.
    await inWorker({ kind: 'pageBoxes', pdf, pages: [] })
    throw openApiError('PDF_INVALID')
  }
}

function centredOn(match: TextMatch, size: { width: number; height: number }, position: { offsetX?: number | undefined; offsetY?: number | undefined }): SealPlacement {
  const round = (n: number) => Math.round(n * 100) / 100
  return {
    page: match.page,
    x: round(match.x + match.width / 2 - size.width / 2 + (position.offsetX ?? 0)),
    y: round(match.y + match.height / 2 - size.height / 2 + (position.offsetY ?? 0)),
    // The seal's own size, as a point's placement gives it: rounding it would draw the seal a little smaller.
    width: size.width,
    height: size.height,
  }
}
