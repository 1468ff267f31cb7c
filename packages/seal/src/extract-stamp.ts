import { messageTemplates } from '@seal/shared/messages'
import { stampGuidance, stampGuidanceReasons, type StampGuidanceCode } from './extract/guidance.ts'
import { inkBlur } from './extract/ink-blur.ts'
import { inkMap } from './extract/ink-map.ts'
import { paperModel } from './extract/paper-model.ts'
import { decodePhoto } from './extract/photo-pixels.ts'
import { fillUnderPrint } from './extract/print-fill.ts'
import { stampSharpness } from './extract/sharpness.ts'
import { judgeSealFace, readSealFace, type SealFaceVerdict } from './extract/seal-text.ts'
import { cutOutStamp } from './extract/stamp-cutout.ts'
import { stampGeometry, stampMask, stampSquare } from './extract/stamp-geometry.ts'
import { traceOutline } from './extract/stamp-outline.ts'
import { findStamp } from './extract/stamp-region.ts'
import { faceNameOf } from './organization-seal.ts'

/** 法定代表人名章: a square seal with the person's name, no ring to read. */
const legalRepresentativeNameSeal = '05'

export type ExtractStampOptions = {
  /**
   * The applying unit's name: when given, the seal's face is read and must carry exactly this name on its
   * ring and the seal's name across (judgeSealFace); another name or type gives 1010; a face that cannot be
   * confirmed is cut out, its reading kept for the reviewer (measures.faceVerdict 'unread'). A legal representative's name seal (sealTypeCode 05) carries no ring and is not read.
   */
  unitName?: string
  /** The seal's name as sent with the photo; an invoice seal (发票专用章) is oval by design, not skewed. */
  sealName?: string
  /** The seal's type, when the caller sends it: decides what the face must carry (faceNameOf). */
  sealTypeCode?: string
  /** Side of the square PNG, 400 px by default. */
  size?: number
}

/** What the photo measured, for logs and for tuning the limits below. */
export type StampMeasures = {
  /** Stamp's larger side over the photo's shorter side. */
  fill?: number
  /** Minor over major axis of the fitted border (round and oval seals). */
  axisRatio?: number
  /** Longest stretch of the border without ink, degrees. */
  gapDeg?: number
  /** Width of the ink's edges over the stamp's size (see inkBlur). */
  blur?: number
  /** How strongly the stamp is inked, 0–1. */
  inkStrength?: number
  /** Variance of the Laplacian of the stamp's ink at a fixed size (see stampSharpness). */
  sharpness?: number
  /** Median paper brightness, 0–255. */
  paperBrightness?: number
  /** Text read from the seal's ring, when it was read. */
  sealText?: string
  /** Text read across the seal under the star. */
  sealCentreText?: string
  /** The verdict on the face against the unit's name and the seal's type. */
  faceVerdict?: SealFaceVerdict
}

export type ExtractStampResult =
  | {
      ok: true
      png: Buffer
      width: number
      height: number
      shape: 'round' | 'oval' | 'other'
      measures: StampMeasures
    }
  | { ok: false; code: StampGuidanceCode; reason: string; measures: StampMeasures; cause?: unknown }

/** Where a photo stops being usable. Tuned on the generated photo set of the tests. */
const limits = {
  /** Paper darker than this (0–255) leaves too little signal. */
  darkestPaper: 60,
  /** The dim side of the paper at less than this share of the bright side: a strong shadow. */
  lightEvenness: 0.3,
  /** Fewer ink pixels than this share of the photo: nothing was stamped, or it cannot be seen. */
  minimumInk: 0.002,
  /** The stamp's larger side should be at least this share of the photo's shorter side. */
  minimumFill: 0.25,
  /** Ink this close to the photo's border (share of the shorter side) means the stamp is cut off. */
  edgeMargin: 0.005,
  /** A round seal squashed below this axis ratio was photographed at an angle. */
  minimumRoundAxisRatio: 0.85,
  /** The oval invoice seal is 30 / 40 = 0.75; allowed deviation either way. */
  ovalAxisRatio: 0.75,
  ovalTolerance: 0.1,
  /** A longer stretch of ring without ink: covered, or only partly stamped. */
  maximumRingGapDeg: 30,
  minimumInkStrength: 0.22,
  maximumBlur: 0.022,
  /**
   * Variance of the Laplacian (stampSharpness) under which the photo is out of focus. Measured on generated
   * photos of a 38 mm seal: sharp 5 000–10 000 (a 240 px stamp 5 000), Gaussian blur σ = 3 px of a 540 px
   * stamp 3 900, σ = 4 px 2 400, σ = 5 px 1 700 (decisions.md "A blurred photo is refused").
   */
  minimumSharpness: 2500,
} as const

/**
 * Cuts a red stamp out of a phone photo of stamped paper and judges whether the photo is good enough,
 * answering with the guidance codes the client explains (spec 000 §8): red ink is separated from paper,
 * shadows and black print by its chroma against the local paper white; the stamp is cropped square with a
 * small margin, centred, recoloured to seal red with alpha from the ink, as a transparent PNG.
 *
 * @example
 * const result = await extractStamp(photo, { unitName: '北京明远科技有限公司', sealName: '合同专用章' })
 * if (!result.ok) reply({ succ: false, code: result.code, msg: result.reason })
 */
export async function extractStamp(
  photo: Buffer,
  options: ExtractStampOptions = {},
): Promise<ExtractStampResult> {
  const measures: StampMeasures = {}
  const refuse = (code: StampGuidanceCode, reason = stampGuidanceReasons[code]) =>
    ({ ok: false, code, reason, measures }) as const
  try {
    const pixels = await decodePhoto(photo)
    const paper = paperModel(pixels)
    measures.paperBrightness = paper.stats.median
    if (paper.stats.median < limits.darkestPaper) return refuse(stampGuidance.badLight)
    if (paper.stats.darkest < paper.stats.brightest * limits.lightEvenness)
      return refuse(stampGuidance.badLight)

    // Find and judge the stamp on a half-resolution overview: a quarter of the work, and plenty for that.
    const overview = inkMap({ pixels, paper, scale: 2 })
    const region = findStamp(overview)
    if (!region || region.inkPixels < limits.minimumInk * overview.width * overview.height) {
      return refuse(stampGuidance.noStamp)
    }
    const shortSide = Math.min(overview.width, overview.height)
    measures.fill = Math.max(region.right - region.left, region.bottom - region.top) / shortSide
    measures.inkStrength = region.peakStrength
    if (measures.fill < limits.minimumFill) return refuse(stampGuidance.tooSmall)
    const edge = Math.max(1, limits.edgeMargin * shortSide)
    const touchesEdge =
      region.left < edge ||
      region.top < edge ||
      region.right > overview.width - edge ||
      region.bottom > overview.height - edge
    if (touchesEdge) return refuse(stampGuidance.incomplete)

    const outline = traceOutline({ ink: overview, region })
    const oval = /发票/.test(options.sealName ?? '')
    if (outline.shape === 'ellipse') {
      measures.axisRatio = outline.ellipse.minor / outline.ellipse.major
      measures.gapDeg = outline.gapDeg
      const skewed = oval
        ? Math.abs(measures.axisRatio - limits.ovalAxisRatio) > limits.ovalTolerance
        : measures.axisRatio < limits.minimumRoundAxisRatio
      if (skewed) return refuse(stampGuidance.skewed)
      if (outline.gapDeg > limits.maximumRingGapDeg) return refuse(stampGuidance.incomplete)
    }
    if (region.peakStrength < limits.minimumInkStrength) return refuse(stampGuidance.unclear)

    // The rest works on the stamp's square at full resolution.
    const stamp = stampGeometry({ region, outline, scale: overview.scale })
    const { square, inside } = stampSquare({
      stamp,
      margin: 0.04,
      photoWidth: pixels.width,
      photoHeight: pixels.height,
    })
    const detail = inkMap({ pixels, paper, area: inside })
    fillUnderPrint(detail)
    const mask = stampMask({ stamp, ink: detail })
    // Out of focus first: soft edges are what a blurred photo has, and its advice is to refocus.
    measures.sharpness = await stampSharpness({ ink: detail, peakStrength: region.peakStrength })
    if (measures.sharpness < limits.minimumSharpness) return refuse(stampGuidance.blurred)
    measures.blur = inkBlur({ ink: detail, mask, peakStrength: region.peakStrength, stampSize: stamp.size })
    if (measures.blur > limits.maximumBlur) return refuse(stampGuidance.unclear)


    if (options.unitName && options.sealTypeCode !== legalRepresentativeNameSeal) {
      const reading = stamp.ellipse
        ? await readSealFace({ ink: detail, ellipse: stamp.ellipse, peakStrength: region.peakStrength, characters: [...options.unitName].length })
        : { ring: '', centre: '', centreInked: false, found: false }
      measures.sealText = reading.ring
      measures.sealCentreText = reading.centre
      const faceName = faceNameOf({ sealTypeCode: options.sealTypeCode, sealName: options.sealName, unitName: options.unitName })
      measures.faceVerdict = judgeSealFace({ reading, unitName: options.unitName, faceName })
      if (measures.faceVerdict === 'wrongName')
        return refuse(stampGuidance.nameMismatch, messageTemplates.sealNameMismatch(reading.ring))
      if (measures.faceVerdict === 'wrongType')
        return refuse(stampGuidance.typeMismatch, messageTemplates.sealTypeMismatch(faceName || '单位公章', reading.centre))
      // A face the OCR cannot confirm (a near misreading, nothing read in time) is not refused: the engine
      // garbles many real names, and a refusal would block honest units. The reading goes with the application
      // for the reviewer (face-readings.ts); only a clearly other name or type is refused here.
    }

    const size = options.size ?? 400
    const png = await cutOutStamp({ ink: detail, mask, square, peakStrength: region.peakStrength, size })
    const shape = outline.shape === 'other' ? 'other' : (measures.axisRatio ?? 1) < 0.9 ? 'oval' : 'round'
    return { ok: true, png, width: size, height: size, shape, measures }
  } catch (cause) {
    // An unreadable upload or a failure of ours: the client offers a retry for 1000; the cause is for the log.
    return { ...refuse(stampGuidance.serverError), cause }
  }
}
