import sharp from 'sharp'
import { imageLimitMessages, withinPixels, type PixelLimit } from '@seal/shared/image-limits'
import { businessError } from '../errors.ts'

/**
 * Refuses a picture whose header declares more pixels than its budget (packages/shared/src/image-limits.ts),
 * before anything decodes it. sharp reads only the header here. A file that is no picture at all is left
 * to the caller, which knows what to say about it.
 *
 * @example
 * await refuseOversizeImage(selfie, 'selfie') // throws 图片尺寸过大，请缩小后重新上传 for 16000×16000
 */
export async function refuseOversizeImage(bytes: Buffer, limit: PixelLimit): Promise<void> {
  let size: { width?: number; height?: number }
  try {
    size = await sharp(bytes).metadata()
  } catch {
    return
  }
  if (!withinPixels({ width: size.width ?? 0, height: size.height ?? 0 }, limit) && size.width && size.height) {
    throw businessError(imageLimitMessages.tooManyPixels)
  }
}
