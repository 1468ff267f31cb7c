import { HANDWRITING_PASS_SCORE } from '@seal/shared/api/handwriting'

/*
 * Online signature verification: each signature becomes a fixed-length sequence of feature frames
 * (normalised position, pen direction, curvature, pen-up marker, relative speed, relative pressure) plus a
 * few global measures (stroke count, writing pace, aspect). Two signatures are aligned by dynamic time
 * warping inside a Sakoe–Chiba band; the distance maps to a score in 0..1 (1 identical, 0.5 the threshold).
 * Everything is pure and deterministic: the same strokes always give the same score.
 */

export type InputPoint = { x: number; y: number; t: number; p?: number }
export type InputSignature = { strokes: ReadonlyArray<{ points: ReadonlyArray<InputPoint> }> }

/** Frames per signature after resampling by arc length. */
export const FRAME_COUNT = 200
/** Half-width of the Sakoe–Chiba band as a fraction of the sequence length. */
export const BAND_FRACTION = 0.12
/** Pen-up travel counts this much of its length when resampling (it carries layout, not ink). */
const PEN_UP_WEIGHT = 0.5
/** The distance at which the score is exactly 0.5 (the pass threshold), and the steepness around it. */
export const DISTANCE_AT_THRESHOLD = 0.36
const SCORE_STEEPNESS = 4
/** Smallest score a real comparison answers: 0 is reserved for "no sample" (spec 002 §8). */
export const MIN_COMPARED_SCORE = 0.0001

// Frame layout and weights. Position dominates; dynamics refine; pressure counts only when both sides have it.
const X = 0
const Y = 1
const COS = 2
const SIN = 3
const CURVATURE = 4
const PEN_UP = 5
const SPEED = 6
const PRESSURE = 7
const FRAME_WIDTH = 8
const WEIGHTS = [1, 1, 0.35, 0.35, 0.25, 0.6, 0.45, 0.3] as const

/** Where a signature is normalised to: the comparison's own representation. */
export type SignatureFeatures = {
  frames: Float64Array[]
  hasTiming: boolean
  hasPressure: boolean
  strokeCount: number
  /** Pen-down length per second, in units of the signature's own size. */
  pace: number
  /** ln(width / height) of the normalised bounding box. */
  aspect: number
}

type Vertex = { x: number; y: number; t: number; p: number | undefined; penUpBefore: boolean }

/**
 * Normalises one signature: translated to its ink centroid, scaled by its RMS radius, resampled by arc
 * length to {@link FRAME_COUNT} frames over pen-down strokes and (weighted) pen-up travel.
 */
export function extractFeatures(signature: InputSignature): SignatureFeatures {
  const strokes = signature.strokes.map((s) => dedupe(s.points)).filter((points) => points.length > 0)
  const vertices: Vertex[] = []
  strokes.forEach((points, strokeIndex) =>
    points.forEach((point, i) =>
      vertices.push({
        x: point.x,
        y: point.y,
        t: point.t,
        p: point.p,
        penUpBefore: strokeIndex > 0 && i === 0,
      }),
    ),
  )
  if (vertices.length === 0) throw new Error('a signature needs at least one point')

  const resampled = resample(vertices)
  const ink = resampled.filter((v) => !v.penUp)
  const inkOrAll = ink.length > 0 ? ink : resampled
  const cx = mean(inkOrAll.map((v) => v.x))
  const cy = mean(inkOrAll.map((v) => v.y))
  const rms = Math.sqrt(mean(inkOrAll.map((v) => (v.x - cx) ** 2 + (v.y - cy) ** 2))) || 1

  const hasTiming = timingOf(strokes)
  const hasPressure = pressureOf(vertices)
  const speeds = hasTiming ? relativeSpeeds(resampled) : resampled.map(() => 0)
  const meanPressure = hasPressure ? mean(vertices.map((v) => v.p ?? 0)) || 1 : 1

  const frames = resampled.map((v, i) => {
    const frame = new Float64Array(FRAME_WIDTH)
    frame[X] = (v.x - cx) / rms
    frame[Y] = (v.y - cy) / rms
    const before = directionAt(resampled, i - 1)
    const here = directionAt(resampled, i)
    const after = directionAt(resampled, i + 1)
    frame[COS] = Math.cos(here)
    frame[SIN] = Math.sin(here)
    frame[CURVATURE] = wrapAngle(after - before) / Math.PI
    frame[PEN_UP] = v.penUp ? 1 : 0
    frame[SPEED] = speeds[i] ?? 0
    frame[PRESSURE] = hasPressure ? clamp((v.p ?? meanPressure) / meanPressure - 1, -1, 1) : 0
    return frame
  })

  const xs = inkOrAll.map((v) => (v.x - cx) / rms)
  const ys = inkOrAll.map((v) => (v.y - cy) / rms)
  const width = Math.max(...xs) - Math.min(...xs)
  const height = Math.max(...ys) - Math.min(...ys)
  return {
    frames,
    hasTiming,
    hasPressure,
    strokeCount: strokes.length,
    pace: hasTiming ? paceOf(strokes, rms) : 0,
    aspect: Math.log((width + 0.1) / (height + 0.1)),
  }
}

/**
 * Distance between two normalised signatures: banded DTW over the frames, normalised by length, plus the
 * difference of global measures. 0 for identical input; genuine pairs stay well under
 * {@link DISTANCE_AT_THRESHOLD}.
 */
export function signatureDistance(a: SignatureFeatures, b: SignatureFeatures): number {
  const timing = a.hasTiming && b.hasTiming
  const pressure = a.hasPressure && b.hasPressure
  const weights = WEIGHTS.map((w, k) => ((k === SPEED && !timing) || (k === PRESSURE && !pressure) ? 0 : w))
  const local = dtw(a.frames, b.frames, weights)

  let global = 0.12 * Math.abs(Math.log((a.strokeCount + 1) / (b.strokeCount + 1)))
  global += 0.15 * Math.abs(a.aspect - b.aspect)
  // Writing pace: a tracer is slow; normal day-to-day variation (about ±30 %) costs nothing.
  if (timing && a.pace > 0 && b.pace > 0)
    global += 0.35 * Math.max(0, Math.abs(Math.log(a.pace / b.pace)) - Math.log(1.3))
  return local + global
}

/**
 * Maps a distance to a score in 0..1: 1 at distance 0, 0.5 at {@link DISTANCE_AT_THRESHOLD}, falling
 * towards (never reaching) 0. Rounded to four decimals.
 */
export function scoreOfDistance(distance: number): number {
  const score = 1 / (1 + (Math.max(0, distance) / DISTANCE_AT_THRESHOLD) ** SCORE_STEEPNESS)
  return Math.max(MIN_COMPARED_SCORE, Math.round(score * 10_000) / 10_000)
}

/** Score of two signatures, 0..1 (1 identical). */
export function compareSignatures(a: InputSignature, b: InputSignature): number {
  return scoreOfDistance(signatureDistance(extractFeatures(a), extractFeatures(b)))
}

export type SampleComparison = {
  /** 0 when there is nothing to compare with; otherwise the median of the per-sample scores. */
  score: number
  pass: boolean
  perSample: number[]
}

/**
 * Compares a signature with a person's reference samples. The median over the samples (not the best)
 * keeps one lucky match from passing a forgery, and one sloppy sample from failing the genuine writer.
 * With no references the score is 0 ("缺少签字留样数据") and it does not pass.
 */
export function compareWithSamples(
  candidate: InputSignature,
  references: readonly InputSignature[],
): SampleComparison {
  if (references.length === 0) return { score: 0, pass: false, perSample: [] }
  const features = extractFeatures(candidate)
  const perSample = references.map((reference) =>
    scoreOfDistance(signatureDistance(features, extractFeatures(reference))),
  )
  const score = Math.max(MIN_COMPARED_SCORE, Math.round(median(perSample) * 10_000) / 10_000)
  return { score, pass: isPassingScore(score), perSample }
}

/** A score passes when above 0.5; 0 to 0.5 is 识别不通过 (spec 002 §8). */
export function isPassingScore(score: number): boolean {
  return score > HANDWRITING_PASS_SCORE
}

// ---------------------------------------------------------------------------------------------------

function dedupe(points: ReadonlyArray<InputPoint>): InputPoint[] {
  const out: InputPoint[] = []
  for (const point of points) {
    const last = out[out.length - 1]
    // A repeated position keeps the later time: the pen rested there, and the next segment starts then.
    if (last && last.x === point.x && last.y === point.y)
      out[out.length - 1] = { ...point, t: Math.max(point.t, last.t) }
    else out.push(point)
  }
  return out
}

type Sample = { x: number; y: number; t: number; p: number | undefined; penUp: boolean; s: number }

/** Resamples the path at equal steps of (weighted) arc length. */
function resample(vertices: Vertex[]): Sample[] {
  const cumulative = [0]
  for (let i = 1; i < vertices.length; i++) {
    const a = vertices[i - 1]!
    const b = vertices[i]!
    const length = Math.hypot(b.x - a.x, b.y - a.y) * (b.penUpBefore ? PEN_UP_WEIGHT : 1)
    cumulative.push(cumulative[i - 1]! + length)
  }
  const total = cumulative[cumulative.length - 1]!
  const first = vertices[0]!
  if (total === 0) {
    return Array.from({ length: FRAME_COUNT }, () => ({
      x: first.x,
      y: first.y,
      t: first.t,
      p: first.p,
      penUp: false,
      s: 0,
    }))
  }
  const out: Sample[] = []
  let segment = 1
  for (let k = 0; k < FRAME_COUNT; k++) {
    const s = (k * total) / (FRAME_COUNT - 1)
    while (segment < vertices.length - 1 && cumulative[segment]! < s) segment++
    const a = vertices[segment - 1]!
    const b = vertices[segment]!
    const start = cumulative[segment - 1]!
    const span = cumulative[segment]! - start
    const u = span > 0 ? clamp((s - start) / span, 0, 1) : 1
    out.push({
      x: a.x + (b.x - a.x) * u,
      y: a.y + (b.y - a.y) * u,
      t: a.t + (b.t - a.t) * u,
      p: a.p === undefined || b.p === undefined ? (a.p ?? b.p) : a.p + (b.p - a.p) * u,
      penUp: b.penUpBefore,
      s,
    })
  }
  return out
}

/** Pen direction at frame i (central difference; clamped at the ends). */
function directionAt(samples: Sample[], i: number): number {
  const lo = samples[clamp(i - 1, 0, samples.length - 1)]!
  const hi = samples[clamp(i + 1, 0, samples.length - 1)]!
  return Math.atan2(hi.y - lo.y, hi.x - lo.x)
}

/** ln(speed / median ink speed), clipped, so rhythm compares across writing paces. */
function relativeSpeeds(samples: Sample[]): number[] {
  const raw = samples.map((_, i) => {
    const lo = samples[Math.max(0, i - 2)]!
    const hi = samples[Math.min(samples.length - 1, i + 2)]!
    const dt = hi.t - lo.t
    const ds = hi.s - lo.s
    return dt > 0 ? ds / dt : Number.NaN
  })
  const inkSpeeds = raw.filter((v, i) => Number.isFinite(v) && v > 0 && !samples[i]!.penUp)
  const reference = inkSpeeds.length > 0 ? median(inkSpeeds) : 1
  return raw.map((v) => (Number.isFinite(v) && v > 0 ? clamp(Math.log(v / reference), -3, 3) / 3 : 1))
}

/** Timing is usable when time advances through the strokes (a replay with all-zero times is not). */
function timingOf(strokes: InputPoint[][]): boolean {
  const first = strokes[0]?.[0]?.t ?? 0
  const lastStroke = strokes[strokes.length - 1] ?? []
  const last = lastStroke[lastStroke.length - 1]?.t ?? 0
  return last - first > 0
}

/** Pressure counts only when the device reports it and it varies (a mouse reports a constant 0.5). */
function pressureOf(vertices: Vertex[]): boolean {
  const values = vertices.map((v) => v.p).filter((p): p is number => p !== undefined)
  if (values.length < vertices.length * 0.9) return false
  const m = mean(values)
  const spread = Math.sqrt(mean(values.map((p) => (p - m) ** 2)))
  return m > 0 && spread > 0.02
}

function paceOf(strokes: InputPoint[][], scale: number): number {
  let length = 0
  let time = 0
  for (const points of strokes) {
    for (let i = 1; i < points.length; i++)
      length += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y)
    time += points[points.length - 1]!.t - points[0]!.t
  }
  return time > 0 ? length / scale / (time / 1000) : 0
}

/** Symmetric DTW (diagonal step counts twice) in a Sakoe–Chiba band, normalised by n + m. */
function dtw(a: Float64Array[], b: Float64Array[], weights: readonly number[]): number {
  const n = a.length
  const m = b.length
  const band = Math.max(Math.abs(n - m), Math.ceil(BAND_FRACTION * Math.max(n, m)))
  let previous = new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY)
  let current = new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY)
  previous[0] = 0
  for (let i = 1; i <= n; i++) {
    current.fill(Number.POSITIVE_INFINITY)
    const from = Math.max(1, i - band)
    const to = Math.min(m, i + band)
    const fa = a[i - 1]!
    for (let j = from; j <= to; j++) {
      const c = frameCost(fa, b[j - 1]!, weights)
      current[j] = Math.min(previous[j]! + c, current[j - 1]! + c, previous[j - 1]! + 2 * c)
    }
    ;[previous, current] = [current, previous]
  }
  return previous[m]! / (n + m)
}

function frameCost(a: Float64Array, b: Float64Array, weights: readonly number[]): number {
  let sum = 0
  for (let k = 0; k < FRAME_WIDTH; k++) {
    const d = a[k]! - b[k]!
    sum += weights[k]! * d * d
  }
  return Math.sqrt(sum)
}

function wrapAngle(angle: number): number {
  return Math.atan2(Math.sin(angle), Math.cos(angle))
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, value))
}
