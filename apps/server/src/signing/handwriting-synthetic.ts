import type { SignData, SignStroke } from '@seal/shared/api/handwriting'

/*
 * Synthetic handwriting for tests and demos, deterministic from a seed. A "writer" is a name of two or
 * three characters, each a few smooth strokes through control points, plus a personal way of moving the
 * pen (pace, fluency, pauses between strokes, pressure). Three kinds of sample:
 *  - genuine: the writer again, with natural variation (small affine change, jitter, pace ±25 %, noise);
 *  - skilled forgery: someone who studied the picture traces the same strokes, slowly and evenly, with
 *    hesitations, larger shape errors and their own pressure;
 *  - random forgery: another writer's own signature.
 * Points are emitted as a browser delivers pointer events (about 60 Hz) through signature_pad with
 * minDistance 2, in CSS pixels of a 390-wide phone canvas.
 */

export type Random = () => number

/** Small, fast, seedable PRNG (mulberry32). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let r = state
    r = Math.imul(r ^ (r >>> 15), r | 1)
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61)
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296
  }
}

const gaussian = (random: Random) => {
  const u = Math.max(random(), 1e-12)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}
const between = (random: Random, lo: number, hi: number) => lo + (hi - lo) * random()

type Vec = { x: number; y: number }

export type Writer = {
  /** Control points of each stroke, in units of a 100-unit character cell. */
  strokes: Vec[][]
  /** Pen speed in cell units per second. */
  pace: number
  /** 0 stop-and-go at every control point, 1 constant speed. */
  fluency: number
  pauseMs: number
  pressure: number
}

/** A writer with their own signature, from a seed. */
export function makeWriter(seed: number): Writer {
  const random = seededRandom(seed)
  const characters = random() < 0.6 ? 2 : 3
  const strokes: Vec[][] = []
  for (let c = 0; c < characters; c++) {
    const count = 2 + Math.floor(random() * 3)
    for (let s = 0; s < count; s++) {
      const points = 2 + Math.floor(random() * 4)
      strokes.push(
        Array.from({ length: points }, () => ({
          x: c * 100 + between(random, 8, 92),
          y: between(random, 8, 92),
        })),
      )
    }
  }
  return {
    strokes,
    pace: between(random, 260, 480),
    fluency: between(random, 0.25, 0.55),
    pauseMs: between(random, 70, 200),
    pressure: between(random, 0.35, 0.6),
  }
}

export type SampleKind = 'genuine' | 'skilled-forgery'

/**
 * One written signature of `writer`: genuine, or a skilled forgery of it. `variation` scales a genuine
 * writer's shape and pace variation (1 an ordinary day, 1.5 a hurried one on a bumpy bus).
 */
export function writeSignature(writer: Writer, kind: SampleKind, seed: number, variation = 1): SignData {
  const random = seededRandom(seed)
  const forged = kind === 'skilled-forgery'
  const v = forged ? 1 : variation
  const jitter = forged ? 4.5 : 2.2 * v
  const strokeShift = forged ? 3 : 1.8 * v
  const rotation = (between(random, -5, 5) * v * Math.PI) / 180
  const scale = between(random, 0.85, 1.15)
  const stretch = 1 + between(random, -0.1, 0.1) * v
  const shear = between(random, -0.08, 0.08) * v
  const pxPerUnit = 1.3 * scale
  const origin = { x: between(random, 20, 40), y: between(random, 40, 70) }
  const place = (p: Vec): Vec => {
    const sx = (p.x + shear * p.y) * stretch
    return {
      x: origin.x + pxPerUnit * (sx * Math.cos(rotation) - p.y * Math.sin(rotation)),
      y: origin.y + pxPerUnit * (sx * Math.sin(rotation) + p.y * Math.cos(rotation)),
    }
  }

  // A forger traces what they see: slower, more even, with hesitations, and presses in their own way.
  const pace = forged
    ? writer.pace * between(random, 0.3, 0.55)
    : writer.pace * Math.exp(between(random, -0.22, 0.22) * v)
  const fluency = forged
    ? between(random, 0.75, 0.95)
    : Math.min(0.95, Math.max(0, writer.fluency + gaussian(random) * 0.05 * v))
  const pressure = forged ? between(random, 0.55, 0.8) : writer.pressure * between(random, 0.9, 1.1)
  const pressureSwing = forged ? 0.05 : 0.25

  const strokes: SignStroke[] = []
  let clock = 0
  for (const control of writer.strokes) {
    const shift = { x: gaussian(random) * strokeShift, y: gaussian(random) * strokeShift }
    const moved = control.map((p) =>
      place({ x: p.x + shift.x + gaussian(random) * jitter, y: p.y + shift.y + gaussian(random) * jitter }),
    )
    // A forger sometimes lifts the pen halfway through a long stroke to look again.
    const pieces =
      forged && moved.length >= 4 && random() < 0.3 ? [moved.slice(0, 3), moved.slice(2)] : [moved]
    for (const piece of pieces) {
      const stroke = penStroke({
        path: smoothPath(piece),
        corners: piece.length - 1,
        startAt: clock,
        pace: pace * pxPerUnit * between(random, 0.9, 1.1),
        fluency,
        hesitation: forged ? 0.25 : 0,
        pressure,
        pressureSwing,
        random,
      })
      strokes.push(stroke)
      const last = stroke.points[stroke.points.length - 1]!
      clock = last.t + writer.pauseMs * (forged ? between(random, 2, 4) : between(random, 0.8, 1.25))
    }
  }
  return { strokes, width: 390, height: 260 }
}

/** A Catmull–Rom curve through the control points, as a dense polyline. */
function smoothPath(control: Vec[]): Vec[] {
  if (control.length < 2) return control
  const out: Vec[] = []
  for (let i = 0; i < control.length - 1; i++) {
    const p0 = control[Math.max(0, i - 1)]!
    const p1 = control[i]!
    const p2 = control[i + 1]!
    const p3 = control[Math.min(control.length - 1, i + 2)]!
    for (let k = 0; k < 24; k++) {
      const u = k / 24
      const u2 = u * u
      const u3 = u2 * u
      const at = (a: number, b: number, c: number, d: number) =>
        0.5 * (2 * b + (-a + c) * u + (2 * a - 5 * b + 4 * c - d) * u2 + (-a + 3 * b - 3 * c + d) * u3)
      out.push({ x: at(p0.x, p1.x, p2.x, p3.x), y: at(p0.y, p1.y, p2.y, p3.y) })
    }
  }
  out.push(control[control.length - 1]!)
  return out
}

/** Moves a pen along the path and reports points as pointer events would, about every 16 ms. */
function penStroke(options: {
  path: Vec[]
  corners: number
  startAt: number
  pace: number
  fluency: number
  hesitation: number
  pressure: number
  pressureSwing: number
  random: Random
}): SignStroke {
  const { path, random } = options
  const cumulative = [0]
  for (let i = 1; i < path.length; i++)
    cumulative.push(cumulative[i - 1]! + Math.hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y))
  const total = cumulative[cumulative.length - 1]!
  const pieces = Math.max(1, options.corners)
  const pieceLength = total / pieces
  const pieceTime = (pieceLength / options.pace) * 1000
  // Each piece between control points: a blend of constant speed and a minimum-jerk bell, plus an optional pause.
  const pause = () => (random() < options.hesitation ? between(random, 60, 220) : 0)
  const pauses = Array.from({ length: pieces }, pause)
  const duration = pieces * pieceTime + pauses.reduce((a, b) => a + b, 0)

  const positionAt = (time: number): number => {
    let elapsed = time
    for (let k = 0; k < pieces; k++) {
      if (elapsed <= pauses[k]!) return k * pieceLength
      elapsed -= pauses[k]!
      if (elapsed <= pieceTime) {
        const u = pieceTime > 0 ? elapsed / pieceTime : 1
        const bell = 10 * u ** 3 - 15 * u ** 4 + 6 * u ** 5
        return (k + options.fluency * u + (1 - options.fluency) * bell) * pieceLength
      }
      elapsed -= pieceTime
    }
    return total
  }
  const pointAt = (s: number): Vec => {
    let i = 1
    while (i < cumulative.length - 1 && cumulative[i]! < s) i++
    const span = cumulative[i]! - cumulative[i - 1]!
    const u = span > 0 ? (s - cumulative[i - 1]!) / span : 0
    return {
      x: path[i - 1]!.x + (path[i]!.x - path[i - 1]!.x) * u,
      y: path[i - 1]!.y + (path[i]!.y - path[i - 1]!.y) * u,
    }
  }

  const points: SignStroke['points'] = []
  let lastKept: Vec | undefined
  for (let time = 0; ; time += 16 + between(random, -2, 2)) {
    const done = time >= duration
    const at = done ? duration : time
    const s = positionAt(at)
    const where = pointAt(s)
    const noisy = { x: where.x + gaussian(random) * 0.25, y: where.y + gaussian(random) * 0.25 }
    const close = lastKept && Math.hypot(noisy.x - lastKept.x, noisy.y - lastKept.y) <= 2
    if (!close || done) {
      const progress = total > 0 ? s / total : 0
      const p =
        options.pressure *
        (1 - options.pressureSwing + 2 * options.pressureSwing * Math.sin(Math.PI * progress))
      points.push({
        x: round(noisy.x),
        y: round(noisy.y),
        t: Math.round(options.startAt + at),
        p: round(Math.min(1, Math.max(0, p)), 3),
      })
      lastKept = noisy
    }
    if (done) break
  }
  return { points }
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}
