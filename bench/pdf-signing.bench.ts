/**
 * Visible seals (PAdES, incremental update) per second against raw ECDSA P-256 signatures per second
 * with the same key, on a 1-page and a 50-page Chinese contract, and the median time of one visible
 * seal on the 50-page contract against its budget of 25 ms (and, for information, the same seal with a
 * timestamp from the sandbox TSA).
 *
 * The documents are made with @cantoo/pdf-lib and the vendored CJK font (the 50-page one carries a
 * couple of thousand distinct characters, so its font subset is realistically large); the keys come
 * from a test PKI made with openssl. One process, one seal after another: what one server process does.
 *
 * Run: npx tsx bench/pdf-signing.bench.ts   (BENCH_SECONDS=3 by default per measurement)
 */
import { webcrypto } from 'node:crypto'
import { cryptoKeySigner } from '@seal/pdf/sign/crypto-key-signer'
import { createSandboxTsa } from '@seal/pdf/sign/sandbox-tsa'
import { signPdf } from '@seal/pdf/sign/sign-pdf'
import { createTestPki } from '../packages/pdf/test/pki.ts'
import { chineseContract, contractSealPng } from '../packages/pdf/test/test-documents.ts'

const BUDGET_MS = 25
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const seal = { x: 380, y: 40, width: 120, height: 120 }

const pki = await createTestPki()
try {
  const [onePage, fiftyPages, image] = await Promise.all([
    chineseContract({ pages: 1 }),
    chineseContract({ pages: 50 }),
    contractSealPng(),
  ])
  const { privateKey } = pki.unitSeal
  const signer = cryptoKeySigner({ certificateChain: pki.unitSeal.chain, privateKey })

  const sealOn = (pdf: Uint8Array, page: number) => () =>
    signPdf({ pdf, signer, appearance: { page, rect: seal, image }, reason: '合同签署' })

  const coldStart = performance.now()
  await sealOn(onePage, 1)()
  const cold = performance.now() - coldStart

  const one = await measure(sealOn(onePage, 1))
  const fifty = await measure(sealOn(fiftyPages, 50))
  // PAdES B-T with our sandbox TSA in process: what a timestamp costs besides the network of a real TSA.
  const tsa = createSandboxTsa({ certificateChain: pki.tsa.chain, privateKey: pki.tsa.privateKey })
  const stamped = await measure(() => signPdf({ pdf: fiftyPages, signer, appearance: { page: 50, rect: seal, image }, timestampAuthority: tsa }))
  // What a seal needs at the very least: one ECDSA signature over data the size of the signed attributes.
  const signedAttributes = webcrypto.getRandomValues(new Uint8Array(180))
  const raw = await measure(() => webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, signedAttributes))

  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`
  console.log(`documents: 1 page ${mb(onePage.length)}, 50 pages ${mb(fiftyPages.length)}; seal PNG ${(image.length / 1024).toFixed(0)} KB; ${SECONDS} s per measurement`)
  console.log(`first seal in a fresh process (PNG conversion, JIT): ${cold.toFixed(1)} ms`)
  const row = (name: string, m: Measurement) =>
    `${name.padEnd(38)} ${m.perSecond.toFixed(0).padStart(6)} /s   median ${m.median.toFixed(2).padStart(6)} ms   p95 ${m.p95.toFixed(2).padStart(6)} ms`
  console.log(row('raw ECDSA P-256 signature (WebCrypto)', raw))
  console.log(row('visible seal, 1-page contract', one))
  console.log(row('visible seal, 50-page contract (p. 50)', fifty))
  console.log(row('  … with a sandbox timestamp (B-T)', stamped))
  console.log(`ratio seals / raw signatures: 1 page ${(one.perSecond / raw.perSecond).toFixed(3)}, 50 pages ${(fifty.perSecond / raw.perSecond).toFixed(3)}`)
  const within = fifty.median <= BUDGET_MS
  console.log(`median visible seal on 50 pages: ${fifty.median.toFixed(2)} ms (budget ${BUDGET_MS} ms) → ${within ? 'within budget' : 'OVER BUDGET'}`)
  if (!within) process.exitCode = 1
} finally {
  pki.cleanup()
}

type Measurement = { perSecond: number; median: number; p95: number }

async function measure(task: () => Promise<unknown>): Promise<Measurement> {
  for (let i = 0; i < 20; i++) await task() // warm-up: a server process is warm
  const times: number[] = []
  const start = performance.now()
  while (performance.now() - start < SECONDS * 1000) {
    const t = performance.now()
    await task()
    times.push(performance.now() - t)
  }
  const elapsed = performance.now() - start
  times.sort((a, b) => a - b)
  return {
    perSecond: (times.length / elapsed) * 1000,
    median: times[Math.floor(times.length / 2)] ?? Number.NaN,
    p95: times[Math.floor(times.length * 0.95)] ?? Number.NaN,
  }
}
