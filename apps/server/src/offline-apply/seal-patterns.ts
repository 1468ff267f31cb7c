import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { offlineMessages, OFFLINE_MAX_OTHER_SEALS, OFFLINE_SEAL_PATTERN_MAX_BYTES } from '@seal/shared/api/offline-apply'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { applyStatus } from '@seal/shared/codes/apply-status'
import { sealTypeCode, sealTypeLabel, unitSealTypeCodes } from '@seal/shared/codes/seal-type'
import { withinPixels } from '@seal/shared/image-limits'
import { messages } from '@seal/shared/messages'
import { hasUniqueSealNames, sealNameSchema } from '@seal/shared/rules/names'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import { saveFile } from '../files/service.ts'
import type { FileStore } from '../files/store.ts'
import { cutOutSeal } from '../seals/cutout.ts'
import { impressionReadingsOf } from '../seals/face-readings.ts'
import { applyServerMessages } from '../unit-apply/messages.ts'
import { unitApplications, type UnitApplication } from '../unit-apply/tables.ts'
import { editableOffline } from './access.ts'
import { isOffline } from './form.ts'
import { writeDraft } from './service.ts'

/**
 * step-2-1: the seal patterns of an offline draft (001 §2, §7: uploadSealBase64Pic, deleteSealPic,
 * updateSealName). A pattern is cut out by the same impression extraction as the new wizard's
 * (seals/cutout.ts, in the worker pool); from its second failure the photo goes to a person as it is
 * (001 §4 "threshold 1 then manual review").
 */

/** Failed extractions after which the photo goes to manual review (the second failure). */
const MANUAL_REVIEW_AFTER_FAILURES = 2

const upload = (reason: string) => `${messages.imageUploadFailed}:${reason}`

/**
 * The pattern's bytes: base64 (or a data URL) of a PNG or JPEG of at most 10 MB and a photo's pixels,
 * checked on the text before decoding and on the bytes after. Decoding the header is sharp's (off the loop).
 */
export async function decodeSealPattern(base64File: string): Promise<Buffer> {
  const base64 = base64File.replace(/^data:[^,]{0,100},/, '').replace(/\s+/g, '')
  if (!base64) throw businessError(messages.sealPatternRequired)
  if (Math.floor((base64.length * 3) / 4) > OFFLINE_SEAL_PATTERN_MAX_BYTES + 2) throw businessError(offlineMessages.sealPatternTooLarge)
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64) || base64.length % 4 === 1) throw businessError(upload('图片数据不是有效的base64编码'))
  const bytes = Buffer.from(base64, base64.includes('-') || base64.includes('_') ? 'base64url' : 'base64')
  if (bytes.length === 0) throw businessError(messages.sealPatternRequired)
  if (bytes.length > OFFLINE_SEAL_PATTERN_MAX_BYTES) throw businessError(offlineMessages.sealPatternTooLarge)
  const png = bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
  if (!png && !jpeg) throw businessError(upload('请上传png、jpeg、jpg格式的图片'))
  let size = { width: 0, height: 0 }
  try {
    const meta = await sharp(bytes).metadata()
    size = { width: meta.width ?? 0, height: meta.height ?? 0 }
  } catch {
    throw businessError(upload('图片已损坏，请重新选择'))
  }
  if (size.width === 0 || size.height === 0) throw businessError(upload('图片已损坏，请重新选择'))
  if (!withinPixels(size, 'photo')) throw businessError(upload('图片尺寸过大，请重新选择'))
  return bytes
}

type PatternBody = { applyId: string; id?: string | undefined; sealName: string; sealTypeCode: string; sealId: string; base64File: string }

/**
 * POST uploadSealBase64Pic: the pattern of a seal item (`id`), or of a new item of `sealTypeCode`. Cut out:
 * the item takes the cut-out and the photo. Not cut out the first time: 印模提取失败:<reason>, the failure
 * counted on the item (made if new: its id is in the answer's data). The second time: the photo is kept
 * for manual review (`manualReview`), and the answer gives it back as the picture.
 */
export async function uploadSealPattern(options: { db: Database; store: FileStore; caller: Caller; body: PatternBody }) {
  const { db, store, caller, body } = options
  const row = await editableOffline(db, caller, body.applyId)
  const existing = body.id ? row.form.sealInfo.find((item) => item._id === body.id) : undefined
  if (body.id && !existing) throw notFound(offlineMessages.sealItemNotFound)
  const type = existing?.sealTypeCode ?? body.sealTypeCode
  if (!(unitSealTypeCodes as readonly string[]).includes(type)) throw businessError(applyServerMessages.sealTypeUnknown)
  const photo = await decodeSealPattern(body.base64File)
  const itemId = existing?._id ?? randomUUID()
  const sealName = body.sealName || existing?.sealName || ''
  const cut = await cutOutSeal({ db, store, caller, photo, sealName: sealName || undefined, sealTypeCode: type, unitName: row.form.unitName || undefined })
  const failures = (existing?.errorCount ?? 0) + (cut.succ ? 0 : 1)
  const manualReview = !cut.succ && failures >= MANUAL_REVIEW_AFTER_FAILURES
  const kept = manualReview ? await saveFile({ db, store, ownerAccountId: caller.accountId, bytes: photo, originalName: '印章照片.jpg' }) : undefined

  const item: ApplySealItem = {
    ...(existing ?? { _id: itemId, sealId: body.sealId, sealCode: '', sealTypeCode: type, sealTypeName: sealTypeLabel(type), sealPic: '', originalFileId: '' }),
    _id: itemId,
    sealName,
    errorCount: failures,
    manualReview,
    ...(cut.succ ? { sealPic: cut.sealPic!, originalFileId: cut.originalPic! } : manualReview ? { sealPic: '', originalFileId: kept!.id } : {}),
  }
  await writeItems(db, caller, row.id, (items) => (items.some((i) => i._id === itemId) ? items.map((i) => (i._id === itemId ? item : i)) : [...items, item]))
  if (!cut.succ && !manualReview) {
    throw businessError(`${offlineMessages.impressionFailed}:${cut.msg}`, { id: itemId, errorCount: failures, code: cut.code })
  }
  return { id: itemId, picBase64: cut.succ ? cut.sealPicBase64! : photo.toString('base64'), manualReview, errorCount: failures }
}

/** The draft's seal items rewritten under its row lock, with the impression readings found again. */
async function writeItems(db: Database, caller: Caller, id: string, change: (items: ApplySealItem[]) => ApplySealItem[]) {
  return writeDraft(db, id, async (current, tx) => {
    const sealInfo = change(current.form.sealInfo)
    const impressionReadings = await impressionReadingsOf(tx, caller.person.id, sealInfo)
    const types = [...new Set(sealInfo.map((item) => item.sealTypeCode))]
    return { form: { ...current.form, sealInfo, impressionReadings }, sealTypes: types.join(',') }
  })
}

/**
 * GET deleteSealPic?id=: the item's picture and photo removed (the item stays, its failures counted). The
 * item is found among the caller's offline drafts (`applyId` narrows it).
 */
export async function deleteSealPattern(db: Database, caller: Caller, query: { id: string; applyId?: string | undefined }) {
  const row = await draftHoldingItem(db, caller, query)
  await writeItems(db, caller, row.id, (items) => items.map((item) => (item._id === query.id ? { ...item, sealPic: '', originalFileId: '', manualReview: false } : item)))
}

async function draftHoldingItem(db: Database, caller: Caller, query: { id: string; applyId?: string | undefined }): Promise<UnitApplication> {
  const [row] = await db
    .select()
    .from(unitApplications)
    .where(
      and(
        eq(unitApplications.applicantPersonId, caller.person.id),
        query.applyId ? eq(unitApplications.id, query.applyId) : undefined,
        eq(unitApplications.applyStatus, applyStatus.TEMPORARY_SAVE),
        isNull(unitApplications.deletedAt),
        sql`${unitApplications.form} -> 'sealInfo' @> ${JSON.stringify([{ _id: query.id }])}::jsonb`,
      ),
    )
    .limit(1)
  if (!row || !isOffline(row)) throw notFound(offlineMessages.sealItemNotFound)
  return row
}

/**
 * POST updateSealName: names of other-type (99) seals — each 请完善其他类型印章名称 when empty, the seal-name
 * rule, unique in the application (其他类型印章名称不允许重复), at most 20 of them. The other types' names
 * follow the unit (seal-names.ts) and are not the applicant's to set.
 */
export async function renameSeals(db: Database, caller: Caller, body: { applyId: string; sealInfos: { id: string; name: string }[] }) {
  const row = await editableOffline(db, caller, body.applyId)
  for (const info of body.sealInfos) {
    const item = row.form.sealInfo.find((i) => i._id === info.id)
    if (!item) throw notFound(offlineMessages.sealItemNotFound)
    if (item.sealTypeCode !== sealTypeCode.OTHER) throw businessError(offlineMessages.notAllowed)
    const named = sealNameSchema.safeParse(info.name)
    if (!named.success) throw businessError(named.error.issues[0]!.message)
  }
  const names = new Map(body.sealInfos.map((info) => [info.id, info.name]))
  const written = await writeItems(db, caller, row.id, (items) => {
    const renamed = items.map((item) => (names.has(item._id) ? { ...item, sealName: names.get(item._id)! } : item))
    const others = renamed.filter((item) => item.sealTypeCode === sealTypeCode.OTHER)
    if (others.length > OFFLINE_MAX_OTHER_SEALS) throw businessError(messages.otherSealsLimit)
    if (!hasUniqueSealNames(others.map((item) => item.sealName))) throw businessError(messages.otherSealNameDuplicate)
    return renamed
  })
  return written.form.sealInfo
}
