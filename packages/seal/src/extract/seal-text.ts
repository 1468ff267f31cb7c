import { execFile } from 'node:child_process'
import type { InkMap } from './ink-map.ts'
import { unrollRing } from './ring-strip.ts'
import type { Ellipse } from './stamp-outline.ts'

const ocrTimeoutMs = 15_000

/**
 * Reads the unit name engraved on a round or oval seal: the ring is unrolled into a strip and read by the
 * tesseract command (simplified Chinese). Gives the Chinese characters read, or undefined when nothing could
 * be read or tesseract is not installed; then the name is simply not judged.
 *
 * @example
 * const text = await readSealText({ ink: detail, ellipse, peakStrength }) // '北京明远科技有限公司北京明远科技有限公司'
 */
export async function readSealText(input: {
  ink: InkMap
  ellipse: Ellipse
  peakStrength: number
}): Promise<string | undefined> {
  const strip = await unrollRing(input)
  const text = await tesseract(strip)
  const chinese = (text ?? '').match(/\p{Script=Han}/gu)?.join('') ?? ''
  return chinese.length > 0 ? chinese : undefined
}

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

/** Words every company name shares; they say nothing about which company a seal belongs to. */
const commonWords = ['股份有限公司', '有限责任公司', '有限公司', '分公司', '集团', '公司']

/**
 * Whether the text read from a seal names the applying unit. Compares the distinctive characters of the
 * unit's name (without 有限公司 and the like) with those read: most found → true; almost none found although
 * plenty was read → false; anything in between (a poor reading) → undefined, not judged, so a misread
 * seal is never refused for a wrong name.
 *
 * @example
 * sealTextMatchesUnit({ sealText: '北京明远科技有了腿公司', unitName: '北京明远科技有限公司' }) // true
 * sealTextMatchesUnit({ sealText: '深圳市腾云数据服务有限公司', unitName: '北京明远科技有限公司' }) // false
 */
export function sealTextMatchesUnit({
  sealText,
  unitName,
}: {
  sealText: string
  unitName: string
}): boolean | undefined {
  const core = commonWords.reduce((name, word) => name.replaceAll(word, ''), unitName)
  const distinctive = new Set((core || unitName).match(/\p{Script=Han}/gu) ?? [])
  const read = new Set(sealText.match(/\p{Script=Han}/gu) ?? [])
  if (distinctive.size === 0 || read.size < 4) return undefined
  let found = 0
  for (const char of distinctive) if (read.has(char)) found++
  const share = found / distinctive.size
  if (share >= 0.5) return true
  if (share <= 0.2 && read.size >= Math.min(6, distinctive.size)) return false
  return undefined
}
