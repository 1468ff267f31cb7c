import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { saveFile } from '../files/service.ts'
import type { FileStore } from '../files/store.ts'
import { inWorker } from '../workers/pool.ts'
import { recordFaceReading } from './face-readings.ts'

export type CutoutResult = {
  succ: boolean
  /** The photo guidance code (spec 000 §8) when the photo is not good enough; 1000 on a server error. */
  code: string | null
  msg: string
  /** File ids of the photo and of the cut-out seal picture. */
  originalPic: string | null
  sealPic: string | null
  sealPicBase64: string | null
}

/**
 * A physical seal's impression from a phone photo (spec 001 §7 cutoutBase64): the red ink cut out as a
 * transparent PNG, or the guidance code saying how to photograph it again. The unit name checks the seal's
 * arc text (1010) when the caller acts for a unit.
 */
export async function cutOutSeal(options: {
  db: Database
  store: FileStore
  caller: Caller
  photo: Buffer
  sealName?: string | undefined
  /** The seal's type (our extension of the spec's body): decides what the seal's face must carry. */
  sealTypeCode?: string | undefined
  /** The unit name the application gives, when it differs from the one on record (a change of name). */
  unitName?: string | undefined
}): Promise<CutoutResult> {
  const { db, store, caller, photo } = options
  // In a worker thread: decoding is sharp's (off the loop anyway), the analysis after it is JavaScript.
  const unitName = options.unitName?.trim() || caller.unit?.name
  const result = await inWorker({
    kind: 'extractStamp',
    photo: new Uint8Array(photo),
    options: { sealName: options.sealName, sealTypeCode: options.sealTypeCode, unitName },
  })
  await recordFaceReading({
    db,
    caller,
    photo,
    measures: result.measures,
    unitName,
    sealName: options.sealName,
  })
  if (!result.ok)
    return {
      succ: false,
      code: result.code,
      msg: result.reason,
      originalPic: null,
      sealPic: null,
      sealPicBase64: null,
    }
  const png = Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength)
  const original = await saveFile({
    db,
    store,
    ownerAccountId: caller.accountId,
    bytes: photo,
    originalName: '印章照片.jpg',
  })
  const cut = await saveFile({
    db,
    store,
    ownerAccountId: caller.accountId,
    bytes: png,
    originalName: '印章图片.png',
  })
  return {
    succ: true,
    code: null,
    msg: '印模提取成功',
    originalPic: original.id,
    sealPic: cut.id,
    sealPicBase64: png.toString('base64'),
  }
}
