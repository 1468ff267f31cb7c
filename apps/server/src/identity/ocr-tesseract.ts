import { execFile } from 'node:child_process'

/** A line of text as tesseract found it, with its box in the picture it was given (px). */
export type OcrLine = {
  text: string
  left: number
  top: number
  width: number
  height: number
  /** Each word with its box and tesseract's confidence in it (0-100). */
  words: OcrWord[]
}

export type OcrWord = {
  text: string
  confidence: number
  left: number
  top: number
  width: number
  height: number
}

export type TesseractOptions = {
  language: 'chi_sim' | 'eng' | 'chi_sim+eng'
  /** Page segmentation: 6 a uniform block, 7 a single line, 11 sparse text. */
  psm: 6 | 7 | 11 | 13
  /** Only these characters may be read (a digits-only pass for numbers). */
  whitelist?: string
  timeoutMs?: number
}

/** Thrown when the tesseract command is missing, fails or runs out of time. */
export class TesseractUnavailable extends Error {}

const DEFAULT_TIMEOUT_MS = 20_000
// Two cores on the machines we plan for: one recognition at a time leaves the other for the server.
const MAX_PARALLEL = 1
let running = 0
const waiting: (() => void)[] = []

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

/**
 * Reads a picture with the tesseract command (PNG on stdin, TSV on stdout) and groups the words into
 * lines. Chinese words are joined without spaces, other words with one space.
 */
export function readLines(png: Buffer, options: TesseractOptions): Promise<OcrLine[]> {
  const args = ['stdin', 'stdout', '-l', options.language, '--psm', String(options.psm)]
  if (options.whitelist) args.push('-c', `tessedit_char_whitelist=${options.whitelist}`)
  args.push('tsv')
  return withSlot(
    () =>
      new Promise<OcrLine[]>((resolve, reject) => {
        const child = execFile(
          'tesseract',
          args,
          {
            timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            encoding: 'utf8',
            maxBuffer: 4 * 1024 * 1024,
            // One thread: tesseract's OpenMP threads fight each other and the server on two cores.
            env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          },
          (error, stdout) => {
            if (error) reject(new TesseractUnavailable(`tesseract failed: ${error.message}`))
            else resolve(parseTsv(stdout))
          },
        )
        child.stdin?.on('error', () => {})
        child.stdin?.end(png)
      }),
  )
}

/** Groups tesseract's TSV words (level 5) by block, paragraph and line. */
export function parseTsv(tsv: string): OcrLine[] {
  const lines = new Map<
    string,
    { words: { text: string; left: number; top: number; right: number; bottom: number; conf: number }[] }
  >()
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t')
    if (cells.length < 12 || cells[0] !== '5') continue
    const text = (cells[11] ?? '').trim()
    if (!text) continue
    const [left, top, width, height, conf] = [6, 7, 8, 9, 10].map((i) => Number(cells[i]))
    const key = `${cells[2]}.${cells[3]}.${cells[4]}`
    const line = lines.get(key) ?? { words: [] }
    line.words.push({
      text,
      left: left!,
      top: top!,
      right: left! + width!,
      bottom: top! + height!,
      conf: conf!,
    })
    lines.set(key, line)
  }
  return [...lines.values()].map(({ words }) => {
    const left = Math.min(...words.map((w) => w.left))
    const top = Math.min(...words.map((w) => w.top))
    let text = ''
    for (const word of words) {
      const joinTight = /\p{Script=Han}$/u.test(text) || /^\p{Script=Han}/u.test(word.text)
      text += text && !joinTight ? ` ${word.text}` : word.text
    }
    return {
      text,
      left,
      top,
      width: Math.max(...words.map((w) => w.right)) - left,
      height: Math.max(...words.map((w) => w.bottom)) - top,
      words: words.map((w) => ({
        text: w.text,
        confidence: w.conf,
        left: w.left,
        top: w.top,
        width: w.right - w.left,
        height: w.bottom - w.top,
      })),
    }
  })
}
