import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { pixelLimits, pngDimensions, withinPixels } from '@seal/shared/image-limits'
import { accounts } from '../../auth/tables.ts'
import type { Database } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import { storeFileBytes, type PreparedFile } from '../../files/service.ts'
import { files } from '../../files/tables.ts'
import type { Trust } from '../../trust/context.ts'
import type { UnitApplication } from '../tables.ts'

/** A seal's picture: the reviewer's cut-out, or the cut-out PNG the applicant uploaded. */

/** A reviewer's cut-out is used as it is: a PNG (transparent background is the reviewer's care) within the sizes a PDF can carry. */
export function cutOutPng(base64: string): Buffer {
  const png = Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64')
  const size = pngDimensions(png)
  if (!size) throw businessError(reviewMessages.cutOutNotPng)
  if (!withinPixels(size, 'pdfImage')) throw businessError(`${reviewMessages.cutOutTooLarge}（最多${pixelLimits.pdfImage / 1_000_000}百万像素）`)
  return png
}

export type StoredCutOut = { itemId: string; file: PreparedFile }

/** The reviewer's cut-outs in the file store; their rows are written with the move to SEALING. */
export async function storeCutOuts(trust: Trust, cutOuts: { itemId: string; png: Buffer }[]) {
  const stored: StoredCutOut[] = []
  try {
    for (const cutOut of cutOuts) {
      const file = await storeFileBytes({ store: trust.files, ownerAccountId: null, bytes: cutOut.png, originalName: '印章图片（审核上传）.png' })
      stored.push({ itemId: cutOut.itemId, file })
    }
  } catch (error) {
    await removeStored(trust, stored)
    throw error
  }
  return stored
}

export const removeStored = (trust: Trust, stored: { file: PreparedFile }[]) =>
  Promise.all(stored.map(({ file }) => trust.files.remove(file.storageKey).catch(() => {})))

/**
 * Every approved item without a reviewer's cut-out needs its cut-out PNG, uploaded by the applicant (an
 * account of the applying person): a photo left for manual review, or someone else's file, is not a seal.
 */
export async function assertPicturesUsable(db: Database, application: UnitApplication, items: ApplySealItem[]) {
  if (items.some((item) => !item.sealPic)) throw businessError(reviewMessages.cutOutRequired)
  if (items.length === 0) return
  const usable = await db
    .select({ id: files.id })
    .from(files)
    .leftJoin(accounts, eq(accounts.id, files.ownerAccountId))
    .where(
      and(
        inArray(files.id, items.map((item) => item.sealPic)),
        eq(files.mediaType, 'image/png'),
        or(isNull(files.ownerAccountId), eq(accounts.personId, application.applicantPersonId)),
      ),
    )
  const found = new Set(usable.map((row) => row.id))
  if (items.some((item) => !found.has(item.sealPic))) throw businessError(reviewMessages.cutOutRequired)
}

export async function sealPicture(trust: Trust, fileId: string): Promise<Uint8Array> {
  const [file] = fileId ? await trust.db.select().from(files).where(eq(files.id, fileId)).limit(1) : []
  if (!file) throw businessError(reviewMessages.sealPicUnusable)
  return new Uint8Array(await trust.files.get(file.storageKey))
}
