import {
  handwritingLimits,
  handwritingMessages,
  type SignData,
  type SignDevice,
} from '@seal/shared/api/handwriting'

/** A point as signature_pad's `toData()` gives it: CSS pixels from the canvas' corner, epoch ms, pressure 0..1. */
export type PadPoint = { x: number; y: number; time: number; pressure: number }
export type PadStroke = { points: readonly PadPoint[] }

const round1 = (value: number) => Math.round(value * 10) / 10

/**
 * Maps signature_pad's strokes to the contract's `signData`: times become ms since the first point, a
 * pressure of 0 (a device that reports none) is left out, empty strokes are dropped.
 */
export function toSignData(strokes: readonly PadStroke[], size: { width: number; height: number }): SignData {
  const drawn = strokes.filter((stroke) => stroke.points.length > 0)
  const start = drawn[0]?.points[0]?.time ?? 0
  let previous = 0
  return {
    width: Math.max(1, Math.round(size.width)),
    height: Math.max(1, Math.round(size.height)),
    strokes: drawn.map((stroke) => ({
      points: stroke.points.map((point) => {
        // Time never runs backwards (a clock adjustment mid-signature) and stays within the contract's limit.
        previous = Math.min(handwritingLimits.maxTime, Math.max(previous, Math.round(point.time - start)))
        const pressure =
          Number.isFinite(point.pressure) && point.pressure > 0
            ? Math.min(1, Math.round(point.pressure * 1000) / 1000)
            : undefined
        return pressure === undefined
          ? { x: round1(point.x), y: round1(point.y), t: previous }
          : { x: round1(point.x), y: round1(point.y), t: previous, p: pressure }
      }),
    })),
  }
}

/**
 * Why a signature cannot be submitted yet, in the words the server would use; null when it can.
 *
 * @example
 * signatureProblem({ strokes: [], width: 390, height: 260 }) // '请先签名'
 */
export function signatureProblem(data: SignData): string | null {
  const points = data.strokes.reduce((sum, stroke) => sum + stroke.points.length, 0)
  if (points === 0) return handwritingMessages.signFirst
  if (points < handwritingLimits.minTotalPoints) return handwritingMessages.tooSimple
  if (data.strokes.length > handwritingLimits.maxStrokes) return handwritingMessages.tooManyStrokes
  if (
    points > handwritingLimits.maxTotalPoints ||
    data.strokes.some((s) => s.points.length > handwritingLimits.maxPointsPerStroke)
  ) {
    return handwritingMessages.tooManyPoints
  }
  return null
}

/** The smallest box holding every pixel with ink (alpha above 0) of RGBA data, or null when blank. */
export function inkBounds(
  rgba: ArrayLike<number>,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } | null {
  let left = width
  let top = height
  let right = -1
  let bottom = -1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((rgba[(y * width + x) * 4 + 3] ?? 0) === 0) continue
      if (x < left) left = x
      if (x > right) right = x
      if (y < top) top = y
      if (y > bottom) bottom = y
    }
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 }
}

/** What the device says about itself, sent with the sample as evidence. */
export function deviceInfo(pointerType: SignDevice['pointerType'] = 'unknown'): SignDevice {
  return {
    userAgent: navigator.userAgent.slice(0, 512),
    platform: (navigator.platform || '').slice(0, 64) || undefined,
    pointerType,
    screenWidth: Math.round(window.screen?.width ?? 0),
    screenHeight: Math.round(window.screen?.height ?? 0),
    pixelRatio: Math.min(16, window.devicePixelRatio || 1),
  }
}
