import { createHash } from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { StampMeasures } from '@seal/seal/extract-stamp'
import type { SealImpressionReading } from '@seal/shared/api/unit-apply-admin'
import type { Caller } from '../plugins/caller.ts'
import { accounts } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { files } from '../files/tables.ts'
import { ocrRequests } from '../identity/tables.ts'

/** imgType of an OCR request that read a seal impression's face (the ring and the text across). */
const faceReadingType = '30'

/** What the cut-out read on a seal's face, as the reviewer sees it in the application (docs/api.md). */
export type FaceReading = Omit<SealImpressionReading, 'itemId'>

/**
 * Keeps what the impression check read from a photo, keyed by the photo's SHA-256 like every OCR request:
 * the application finds it again by the photo's file (the same bytes, whether the cut-out stored the photo
 * or the wizard uploaded it for manual review) and shows it to the reviewer.
 */
export async function recordFaceReading(options: {
  db: Database
  caller: Caller
  photo: Buffer
  measures: StampMeasures
  unitName: string | undefined
  sealName: string | undefined
}): Promise<void> {
  const { measures } = options
  if (!measures.faceVerdict) return
  const reading: FaceReading = {
    verdict: measures.faceVerdict,
    ringText: measures.sealText ?? '',
    centreText: measures.sealCentreText ?? '',
    unitName: options.unitName ?? '',
    sealName: options.sealName ?? '',
    checkedAt: Date.now(),
  }
  await options.db.insert(ocrRequests).values({
    imgType: faceReadingType,
    requestedBy: options.caller.accountId,
    imageSha256: createHash('sha256').update(options.photo).digest('hex'),
    status: measures.sealText || measures.sealCentreText ? 'recognized' : 'failed',
    result: reading,
  })
}

/**
 * The readings of an application's seal photos, one per seal item whose photo was checked: what the
 * server keeps with the form on every save (never taken from the body).
 *
 * @example
 * const impressionReadings = await impressionReadingsOf(db, caller.person.id, form.sealInfo)
 */
export async function impressionReadingsOf(
  db: Database,
  personId: string,
  items: { _id: string; originalFileId: string }[],
): Promise<SealImpressionReading[]> {
  const readings = await faceReadingsOf(
    db,
    personId,
    items.map((item) => item.originalFileId),
  )
  return items.flatMap((item) => {
    const reading = readings.get(item.originalFileId)
    return reading ? [{ itemId: item._id, ...reading }] : []
  })
}

/**
 * The latest face reading of each photo file, among those the person's own accounts had checked. One query
 * for the files' hashes and one for the readings.
 */
export async function faceReadingsOf(
  db: Database,
  personId: string,
  photoFileIds: string[],
): Promise<Map<string, FaceReading>> {
  const ids = [...new Set(photoFileIds.filter(Boolean))]
  if (ids.length === 0) return new Map()
  const photos = await db
    .select({ id: files.id, sha256: files.sha256 })
    .from(files)
    .where(inArray(files.id, ids))
  if (photos.length === 0) return new Map()
  const rows = await db
    .select({ sha256: ocrRequests.imageSha256, result: ocrRequests.result })
    .from(ocrRequests)
    .innerJoin(accounts, eq(accounts.id, ocrRequests.requestedBy))
    .where(
      and(
        eq(accounts.personId, personId),
        eq(ocrRequests.imgType, faceReadingType),
        inArray(
          ocrRequests.imageSha256,
          photos.map((p) => p.sha256),
        ),
      ),
    )
    .orderBy(desc(ocrRequests.createdAt))
  const latest = new Map<string, FaceReading>()
  for (const row of rows) if (!latest.has(row.sha256)) latest.set(row.sha256, row.result as FaceReading)
  return new Map(
    photos.flatMap((photo) =>
      latest.has(photo.sha256) ? [[photo.id, latest.get(photo.sha256)!] as const] : [],
    ),
  )
}
