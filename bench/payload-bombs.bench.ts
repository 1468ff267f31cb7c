// What everybody else sees while one client sends payload bombs (issue 9, security item 6): a cheap
// public call (GET /api/seal-apply/seal/config) is made back to back while each bomb is processed; its
// worst and p99 latency, the bomb's own answer time and the server's resident memory growth are printed.
// Run: npm run build && npx tsx bench/payload-bombs.bench.ts
import { readFileSync } from 'node:fs'
import { xrefBombPdf, zeroPng } from '../packages/pdf/test/payload-bombs.ts'
import { renderOrganizationSeal } from '../packages/seal/src/organization-seal.ts'
import { stampPhoto } from '../packages/seal/test/stamp-photo.ts'
import { makeWriter, writeSignature } from '../apps/server/src/signing/handwriting-synthetic.ts'
import { demo } from '../apps/server/src/seed.ts'
import { loginDemoPerson, startBuiltServer } from './server.ts'

const server = await startBuiltServer(8203)
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024

async function post(path: string, body: RequestInit['body'], headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api${path}`, { method: 'POST', body, headers })
  return (await response.json()) as { resultStatus: string; responseInfo: string; data: any }
}
const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` })
const pdfForm = (bytes: Uint8Array) => {
  const form = new FormData()
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'bomb.pdf')
  return form
}

/** Runs `bomb` while timing the cheap call back to back (and sampling memory) until it answers. */
async function measure(name: string, bomb: () => Promise<unknown>) {
  const before = rssMb()
  let peak = before
  let done = false
  const latencies: number[] = []
  const started = performance.now()
  const answer = bomb().finally(() => (done = true))
  while (!done) {
    const at = performance.now()
    await fetch(`${server.url}/api/seal-apply/seal/config`).then((r) => r.arrayBuffer())
    latencies.push(performance.now() - at)
    peak = Math.max(peak, rssMb())
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  const result = (await answer) as { responseInfo: string } | { responseInfo: string }[]
  const totalMs = performance.now() - started
  latencies.sort((a, b) => a - b)
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0
  const info = Array.isArray(result) ? result.map((r) => r.responseInfo).join(' / ') : result.responseInfo
  console.log(
    `${name.padEnd(40)} answered in ${String(Math.round(totalMs)).padStart(6)} ms | cheap call max ${String(Math.round(latencies.at(-1) ?? 0)).padStart(6)} ms, p99 ${String(Math.round(p99)).padStart(6)} ms (${latencies.length} calls) | RSS +${Math.round(peak - before)} MB | ${info}`,
  )
}

try {
  const token = await loginDemoPerson(server.url)
  const { name, identityNo } = demo.person
  const bomb = xrefBombPdf()
  console.log(`payload bombs against the built server (PDF bomb ${(bomb.length / 1e6).toFixed(1)} MB inflating to 1 GB)`)

  await measure('warm-up: a plain verify (no PDF)', () => post('/verify', pdfForm(Buffer.from('%PDF-1.4\n%%EOF\n'))))
  await measure('POST /api/verify, 1 GB xref bomb', () => post('/verify', pdfForm(bomb)))
  await measure('POST /api/verify, two bombs at once', () => Promise.all([post('/verify', pdfForm(bomb)), post('/verify', pdfForm(bomb))]))

  const handwriting = {
    identity: identityNo,
    name,
    signData: writeSignature(makeWriter(7), 'genuine', 1),
    device: { pointerType: 'touch', screenWidth: 390, screenHeight: 844, pixelRatio: 3 },
    signImage: `data:image/png;base64,${zeroPng(10_000, 10_000, 4).toString('base64')}`,
  }
  // Refused on saving now; before, it was kept, and signing the agreements with it drew it into two PDFs.
  await measure('handwriting 10000×10000 PNG, save + sign', async () => {
    const saved = await post('/sign/handwriting/save', JSON.stringify(handwriting), json(token))
    if (saved.resultStatus !== '00') return saved
    const body = { identity: identityNo, name, handwritingInfo: { signatureId: saved.data.signatureId } }
    return post('/apply/signAgreement', JSON.stringify(body), json(token))
  })

  const seal = Buffer.from((await renderOrganizationSeal({ unitName: '北京明远科技有限公司', sealTypeCode: '04', sealCode: '1101080012345' })).png)
  const photo = await stampPhoto({ seal, width: 4000, height: 3000 })
  const cutout = JSON.stringify({ file: `data:image/jpeg;base64,${photo.toString('base64')}` })
  await measure('stamp cut-out, 12 MP photo (not a bomb)', () => post('/seal-apply/seal/cutoutBase64', cutout, json(token)))

  await measure('agreements laid out (not a bomb)', async () => {
    const response = await fetch(`${server.url}/api/apply/getAttachmentAgreement`, { headers: json(token) })
    return response.json() as Promise<{ responseInfo: string }>
  })

  const faceToken = (await post('/verifySign/paasExchangeToken', JSON.stringify({ idType: '111', idCardNo: identityNo, realName: name }), json(token))).data
  const selfie = `data:image/png;base64,${zeroPng(16_000, 16_000).toString('base64')}`
  await measure('face verify, 16000×16000 selfie', () => post('/face/verify', JSON.stringify({ token: faceToken, image: selfie }), json(token)))
} finally {
  await server.stop()
}
