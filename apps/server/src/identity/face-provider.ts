import { askVendor } from './vendor-call.ts'
import sharp from 'sharp'
import { pixelLimits } from '@seal/shared/image-limits'

export type FaceComparison = { passed: boolean; score: number; message: string }

/** Compares a live selfie with the identity's photo on record (the vendor holds the reference photo). */
export type FaceProvider = {
  kind: 'sandbox' | 'http'
  compare: (input: { realName: string; identityNo: string; selfie: Buffer }) => Promise<FaceComparison>
}

/** Names and ID-number endings the sandbox always fails, so every failure path can be reached (docs/providers.md). */
export const SANDBOX_FACE_FAIL_NAMES = ['人脸失败']
export const SANDBOX_FACE_FAIL_ID_SEQUENCE = '999'

export const faceMessages = {
  passed: '人脸核验通过',
  failed: '人脸核验失败，请重试',
  noImage: '未检测到人脸，请重新拍摄',
  tooDark: '光线过暗，请在明亮处重新拍摄',
  unavailable: '人脸核验服务暂不可用，请稍后重试',
} as const

/**
 * Sandbox face comparison, deterministic: the selfie must be a real photo (decodable, at least
 * 160×160, not too dark); a name on SANDBOX_FACE_FAIL_NAMES or an ID number whose sequence digits
 * (15-17) are 999 fails as a mismatch; anything else passes.
 */
export function sandboxFaceProvider(): FaceProvider {
  return {
    kind: 'sandbox',
    async compare({ realName, identityNo, selfie }) {
      const image = await inspect(selfie)
      if (!image) return { passed: false, score: 0, message: faceMessages.noImage }
      if (image.width < 160 || image.height < 160)
        return { passed: false, score: 0, message: faceMessages.noImage }
      if (image.brightness < 25) return { passed: false, score: 0, message: faceMessages.tooDark }
      const listed =
        SANDBOX_FACE_FAIL_NAMES.includes(realName) ||
        identityNo.slice(14, 17) === SANDBOX_FACE_FAIL_ID_SEQUENCE
      return listed
        ? { passed: false, score: 0.21, message: faceMessages.failed }
        : { passed: true, score: 0.93, message: faceMessages.passed }
    },
  }
}

async function inspect(bytes: Buffer): Promise<{ width: number; height: number; brightness: number } | null> {
  try {
    const options = { limitInputPixels: pixelLimits.selfie }
    const { channels, info } = await sharp(bytes, options)
      .stats()
      .then(async (stats) => ({
        channels: stats.channels,
        info: await sharp(bytes, options).metadata(),
      }))
    const brightness = channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / Math.min(3, channels.length)
    return { width: info.width ?? 0, height: info.height ?? 0, brightness }
  } catch {
    return null
  }
}

/** The face service did not answer in time, answered an error or something that is not a comparison. */
export class FaceUnavailable extends Error {}

/**
 * A vendor face service (docs/providers.md "Face verification"): `POST {url}` with `Authorization: Bearer {key}`
 * (when configured) and JSON `{ realName, identityNo, selfieBase64 }`; it answers 2xx with
 * `{ passed: boolean, score: number (0–1), message?: string }`. A failure's message is the vendor's when it
 * gives a short one (光线过暗… tells the person what to change), else ours; a pass always reads ours.
 */
export function httpFaceProvider(options: {
  url: string
  key?: string | undefined
  timeoutMs?: number
}): FaceProvider {
  return {
    kind: 'http',
    async compare({ realName, identityNo, selfie }) {
      const answer = await askVendor(
        {
          ...options,
          timeoutMs: options.timeoutMs ?? 60_000,
          body: { realName, identityNo, selfieBase64: selfie.toString('base64') },
          vendor: 'face service',
        },
        {
          timeout: () => new FaceUnavailable('face service timed out'),
          unavailable: (reason) => new FaceUnavailable(reason),
        },
      )
      const { passed, score, message } = answer
      if (typeof passed !== 'boolean') throw new FaceUnavailable('face service answer has no passed')
      if (typeof score !== 'number' || !(score >= 0 && score <= 1))
        throw new FaceUnavailable('face service answer has no score between 0 and 1')
      if (passed) return { passed, score, message: faceMessages.passed }
      const said = typeof message === 'string' ? message.trim() : ''
      return { passed, score, message: said.length > 0 && said.length <= 50 ? said : faceMessages.failed }
    },
  }
}
