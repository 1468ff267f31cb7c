import { z } from 'zod'
import { messages } from '../messages.ts'

/*
 * Handwritten signature samples (spec 002 §3 "Handwriting signature", §4 "Signature samples", §7
 * POST /sign/handwriting/save, §8 score messages; spec 000 §2 five samples in the authorization flow).
 * One contract for the signing board (apps/web/src/components/signature-board) and the server
 * (apps/server/src/signing/handwriting-routes.ts).
 */

/** Samples the personal name-seal flow collects before the choose-signature step (002 §4, §9). */
export const PERSONAL_SAMPLE_COUNT = 3
/** Samples the authorization flow collects (000 §2, §9). */
export const AUTHORIZATION_SAMPLE_COUNT = 5
/** A score above this passes; 0 to 0.5 is 识别不通过 (002 §8). */
export const HANDWRITING_PASS_SCORE = 0.5
/** Score 0 is reserved for "no sample to compare with" (缺少签字留样数据); a real comparison never answers it. */
export const NO_SAMPLE_SCORE = 0

/** Input limits: a real signature is far below them, and anything above is refused with a clear message. */
export const handwritingLimits = {
  maxStrokes: 100,
  maxPointsPerStroke: 5_000,
  maxTotalPoints: 20_000,
  /** A signature needs at least this many points in all to be compared meaningfully. */
  minTotalPoints: 8,
  /** Canvas size and coordinates, in CSS pixels. */
  maxCanvasSide: 10_000,
  /** Writing time of one stroke sequence, in ms from the first point (10 minutes). */
  maxTime: 600_000,
  /** The rendered PNG, decoded. */
  maxImageBytes: 2 * 1024 * 1024,
} as const

/** Our wording for refusals the spec does not quote (the score messages are the spec's, in `messages`). */
export const handwritingMessages = {
  signFirst: '请先签名',
  tooSimple: '签名过于简单，请重新签名',
  tooManyStrokes: `笔画过多，最多${handwritingLimits.maxStrokes}笔`,
  tooManyPoints: '签名数据过大，请重写后再提交',
  badPoint: '签名数据格式错误',
  badImage: '签名图片须为PNG格式',
  imageTooLarge: `签名图片不能超过${handwritingLimits.maxImageBytes / 1024 / 1024}M`,
  notYourself: '只能提交本人的手写签名',
  notFound: '签名不存在',
  sampleMissing: messages.signatureSampleMissing,
  notRecognized: messages.signatureNotRecognized,
} as const

const coordinate = z
  .number({ error: handwritingMessages.badPoint })
  .refine(Number.isFinite, handwritingMessages.badPoint)
  .refine((v) => Math.abs(v) <= handwritingLimits.maxCanvasSide, handwritingMessages.badPoint)

/** One captured point: CSS pixels from the canvas' top-left, ms since the first point, pressure 0..1 when the device gives one. */
export const signPoint = z.object({
  x: coordinate,
  y: coordinate,
  t: z
    .number({ error: handwritingMessages.badPoint })
    .min(0, handwritingMessages.badPoint)
    .max(handwritingLimits.maxTime, handwritingMessages.badPoint),
  p: z
    .number({ error: handwritingMessages.badPoint })
    .min(0, handwritingMessages.badPoint)
    .max(1, handwritingMessages.badPoint)
    .optional(),
})
export type SignPoint = z.infer<typeof signPoint>

export const signStroke = z.object({
  points: z
    .array(signPoint, { error: handwritingMessages.badPoint })
    .min(1, handwritingMessages.badPoint)
    .max(handwritingLimits.maxPointsPerStroke, handwritingMessages.tooManyPoints),
})
export type SignStroke = z.infer<typeof signStroke>

/** The strokes as the signing board captured them (signature_pad's `toData()`, mapped). */
export const signData = z
  .object({
    strokes: z
      .array(signStroke, { error: handwritingMessages.signFirst })
      .min(1, handwritingMessages.signFirst)
      .max(handwritingLimits.maxStrokes, handwritingMessages.tooManyStrokes),
    width: z
      .number({ error: handwritingMessages.badPoint })
      .positive(handwritingMessages.badPoint)
      .max(handwritingLimits.maxCanvasSide, handwritingMessages.badPoint),
    height: z
      .number({ error: handwritingMessages.badPoint })
      .positive(handwritingMessages.badPoint)
      .max(handwritingLimits.maxCanvasSide, handwritingMessages.badPoint),
  })
  .superRefine((data, ctx) => {
    const total = data.strokes.reduce((sum, stroke) => sum + stroke.points.length, 0)
    if (total > handwritingLimits.maxTotalPoints)
      ctx.addIssue({ code: 'custom', message: handwritingMessages.tooManyPoints, path: ['strokes'] })
    else if (total < handwritingLimits.minTotalPoints)
      ctx.addIssue({ code: 'custom', message: handwritingMessages.tooSimple, path: ['strokes'] })
  })
export type SignData = z.infer<typeof signData>

/** What the device said about itself; kept with the sample as evidence, never used to decide. */
export const signDevice = z.object({
  userAgent: z.string().max(512).optional(),
  platform: z.string().max(64).optional(),
  pointerType: z.enum(['mouse', 'pen', 'touch', 'unknown']).optional(),
  screenWidth: z.number().int().min(0).max(100_000).optional(),
  screenHeight: z.number().int().min(0).max(100_000).optional(),
  pixelRatio: z.number().min(0).max(16).optional(),
})
export type SignDevice = z.infer<typeof signDevice>

/**
 * Why the signature is written: `sample` collects a reference sample (personal flow: 3, authorization
 * flow: 5); `verify` checks a signature used in place of a password (useType signature) and is never kept
 * as a reference.
 */
export const handwritingPurpose = z.enum(['sample', 'verify'])
export type HandwritingPurpose = z.infer<typeof handwritingPurpose>

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/
const maxImageChars = Math.ceil((handwritingLimits.maxImageBytes * 4) / 3) + 32

/** POST /api/sign/handwriting/save. `identity` and `name` must be the caller's own. */
export const handwritingSaveBody = z.object({
  identity: z
    .string()
    .trim()
    .min(1, handwritingMessages.notYourself)
    .max(100, handwritingMessages.notYourself),
  name: z.string().trim().min(1, handwritingMessages.notYourself).max(50, handwritingMessages.notYourself),
  purpose: handwritingPurpose.default('sample'),
  signData,
  /** The board's rendering: a trimmed, transparent PNG as a data URL; the server draws the strokes when absent. */
  signImage: z
    .string()
    .max(maxImageChars, handwritingMessages.imageTooLarge)
    .regex(PNG_DATA_URL, handwritingMessages.badImage)
    .optional(),
  device: signDevice.optional(),
  fingerprint: z.string().max(128).optional(),
})
export type HandwritingSaveBody = z.input<typeof handwritingSaveBody>

export const handwritingSaveResult = z.object({
  /** Accepted: a sample became a reference, or a verification matched. */
  pass: z.boolean(),
  /** 0 no sample to compare with; otherwise 0..1, 1 identical (002 §8). */
  verifyRes: z.object({ score: z.number().min(0).max(1) }),
  /** False for a person's first sample: it has nothing to be compared with and becomes the reference. */
  compared: z.boolean(),
  signatureId: z.string(),
  signatureFileId: z.string(),
  /** The person's reference samples after this call. */
  sampleCount: z.number().int(),
})
export type HandwritingSaveResult = z.infer<typeof handwritingSaveResult>

/** One reference sample in GET /api/sign/handwriting/list (002 §3 "Handwriting signature"). */
export const handwritingSignature = z.object({
  signatureId: z.string(),
  /** The file id of the PNG: what a signing step references. */
  signatureKey: z.string(),
  /** The PNG as a data URL, ready for an <img>. */
  signaturePreview: z.string(),
  /** This is the signature the person chose (step 4, 选择签名). */
  signChoose: z.boolean(),
  score: z.number(),
  createdAt: z.number(),
})
export type HandwritingSignature = z.infer<typeof handwritingSignature>

export const handwritingList = z.object({
  list: z.array(handwritingSignature),
  sampleCount: z.number().int(),
})
export type HandwritingList = z.infer<typeof handwritingList>

/** POST /api/sign/handwriting/choose. */
export const handwritingChooseBody = z.object({
  signatureId: z.string().min(1, messages.signatureRequired).max(64, handwritingMessages.notFound),
})
export type HandwritingChooseBody = z.infer<typeof handwritingChooseBody>

/**
 * The message a client shows for an answer that did not pass (002 §8).
 *
 * @example
 * handwritingFailureMessage({ pass: false, verifyRes: { score: 0 } }) // '缺少签字留样数据，请切换使用密码用章'
 * handwritingFailureMessage({ pass: false, verifyRes: { score: 0.3 } }) // '识别不通过'
 */
export function handwritingFailureMessage(result: {
  pass: boolean
  verifyRes: { score: number }
}): string | null {
  if (result.pass) return null
  return result.verifyRes.score === NO_SAMPLE_SCORE
    ? messages.signatureSampleMissing
    : messages.signatureNotRecognized
}
