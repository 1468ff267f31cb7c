import { execFile } from 'node:child_process'
import type { InkMap } from './ink-map.ts'
import { centreStrip, ringGap, unrollRing } from './ring-strip.ts'
import type { Ellipse } from './stamp-outline.ts'

const ocrTimeoutMs = 15_000

/** What was read from a round or oval seal's face: the name on the ring and the text across. */
export type SealFaceReading = {
  /** Chinese characters read along the ring (the unit's name), '' when none. */
  ring: string
  /** Chinese characters read across under the star (合同专用章…), '' when none. */
  centre: string
  /** Whether there is ink across under the star at all (the official seal has none). */
  centreInked: boolean
  /** False when the ring's layout could not be found (no gap where the seal code is): nothing was read. */
  found: boolean
}

/**
 * Reads a round or oval seal's face with the tesseract command (simplified Chinese): the ring is unrolled
 * once, from one end of the unit name to the other (the gap of the seal code tells where it ends and which
 * way is down), and the text across is turned upright. Empty strings when nothing could be read or
 * tesseract is not installed; the verdict then is `unread`, never a match.
 *
 * @example
 * const face = await readSealFace({ ink: detail, ellipse, peakStrength }) // { ring: '北京明远科技有限公司', centre: '合同专用章', … }
 */
export async function readSealFace(input: {
  ink: InkMap
  ellipse: Ellipse
  peakStrength: number
  /** How many characters the name should have: narrowed long names are widened back for the OCR. */
  characters?: number
}): Promise<SealFaceReading> {
  const gap = ringGap(input)
  if (!gap) return { ring: '', centre: '', centreInked: false, found: false }
  const across = await centreStrip({ ...input, gap })
  const [ring, centre] = await Promise.all([
    unrollRing({ ...input, gap }).then(tesseract),
    across.inked ? tesseract(across.png) : Promise.resolve(''),
  ])
  return { ring: hanOf(ring), centre: hanOf(centre), centreInked: across.inked, found: true }
}

const hanOf = (text: string | undefined) => (text ?? '').match(/\p{Script=Han}/gu)?.join('') ?? ''

function tesseract(png: Buffer): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = execFile(
      'tesseract',
      ['stdin', 'stdout', '-l', 'chi_sim', '--psm', '7'],
      // One OCR thread: the server's other requests need the cores more than this one line does.
      { timeout: ocrTimeoutMs, encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      (error, stdout) => resolve(error ? undefined : stdout),
    )
    child.stdin?.on('error', () => resolve(undefined))
    child.stdin?.end(png)
  })
}

/**
 * The verdict on a seal's face: `match` only when the ring reads exactly the unit's name and the text
 * across exactly the seal's (nothing for an official seal); `wrongName` when the ring clearly reads another
 * name (another length, mostly other characters, or a longer one containing the unit's); `wrongType` when
 * the text across is another seal's; `unread` when the reading is too poor or too near to tell (misread
 * characters), which goes to a person, never to acceptance.
 */
export type SealFaceVerdict = 'match' | 'wrongName' | 'wrongType' | 'unread'

/**
 * Judges what was read against what the seal must carry. Only Chinese characters are compared (the OCR
 * reads no brackets or letters on a ring reliably).
 *
 * @example
 * judgeSealFace({ reading: { ring: '示例科技有限公司', centre: '合同专用章', centreInked: true, found: true }, unitName: '示例科技有限公司', faceName: '合同专用章' }) // 'match'
 * judgeSealFace({ reading: { ring: '上海示例科技有限公司', centre: '', centreInked: false, found: true }, unitName: '示例科技有限公司', faceName: '' }) // 'wrongName'
 */
export function judgeSealFace({
  reading,
  unitName,
  faceName,
}: {
  reading: SealFaceReading
  unitName: string
  /** The text across the seal: '' for the official seal (star only). */
  faceName: string
}): SealFaceVerdict {
  if (!reading.found) return 'unread'
  const ring = ringVerdict(reading.ring, hanOf(unitName))
  if (ring === 'wrongName') return ring
  const centre = centreVerdict(reading, hanOf(faceName))
  if (centre === 'wrongType') return centre
  return ring === 'match' && centre === 'match' ? 'match' : 'unread'
}

function ringVerdict(read: string, expected: string): SealFaceVerdict {
  if (!expected) return 'unread'
  if (read === expected) return 'match'
  if (read.length < 4) return 'unread'
  // A longer name holding the unit's (上海示例科技有限公司 for 示例科技有限公司) is another unit.
  if (read.includes(expected)) return 'wrongName'
  return misreading(read, expected) ? 'unread' : 'wrongName'
}

function centreVerdict(reading: SealFaceReading, expected: string): SealFaceVerdict {
  const read = reading.centre
  if (!expected) {
    if (!reading.centreInked) return 'match'
    return read.length >= 2 ? 'wrongType' : 'unread'
  }
  if (read === expected) return 'match'
  if (!reading.centreInked) return 'wrongType'
  if (read.length < 2) return 'unread'
  // Type names share 专用章: one character off may be a misreading, two is another type (财务 for 合同).
  return misreading(read, expected, 1) ? 'unread' : 'wrongType'
}

/**
 * Whether a reading may be the expected text misread rather than another text: about as long (a character
 * split in two or two run together) and less than half of it different. What the OCR engine garbles goes to a
 * person; a reading of another length or mostly other characters is another text.
 */
function misreading(read: string, expected: string, tolerance = (expected.length - 1) / 2): boolean {
  const a = [...read]
  const b = [...expected]
  if (Math.abs(a.length - b.length) > 1) return false
  return editDistance(a, b) <= tolerance
}

function editDistance(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}
