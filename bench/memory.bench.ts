// Resident memory of the built server on PGlite and a fresh data folder, beside a bare Fastify server:
// the peak during start-up (with the resident memory after each start-up phase, MEMORY_TRACE), at idle,
// and after load (1000 configuration calls, then verifying a sealed 50-page contract and downloading the
// operation manual 20 times each). Budget: idle under 200 MB. Needs `npm run build -w apps/server`.
// Run: npx tsx bench/memory.bench.ts   (BENCH_PORT, default 8206, and +10 for the bare server)
import autocannon from 'autocannon'
import { cryptoKeySigner } from '@seal/pdf/sign/crypto-key-signer'
import { signPdf } from '@seal/pdf/sign/sign-pdf'
import { createTestPki } from '../packages/pdf/test/pki.ts'
import { chineseContract, contractSealPng } from '../packages/pdf/test/test-documents.ts'
import { childrenOf, loginDemoPerson, memoryOf, startBareServer, startBuiltServer } from './server.ts'

const PORT = Number(process.env.BENCH_PORT ?? 8206)
const IDLE_BUDGET_MB = 200
const IDLE_WAIT_MS = 5_000

const mb = (value: number) => `${Math.round(value)} MB`.padStart(7)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function configCalls(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, method: 'POST', connections: 10, amount: 1000, headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`)
}

const sealedContract = await (async () => {
  const pki = await createTestPki()
  try {
    const signer = cryptoKeySigner({ certificateChain: pki.unitSeal.chain, privateKey: pki.unitSeal.privateKey })
    const appearance = { page: 50, rect: { x: 380, y: 40, width: 120, height: 120 }, image: await contractSealPng() }
    return await signPdf({ pdf: await chineseContract({ pages: 50 }), signer, appearance, reason: '合同签署' })
  } finally {
    pki.cleanup()
  }
})()

let startupPeak = 0
let initPeak = 0 // the child process that creates a new PGlite folder (apps/server/src/db/client.ts)
const server = await startBuiltServer(PORT, {
  env: { MEMORY_TRACE: '1' },
  onPoll: (pid) => {
    startupPeak = Math.max(startupPeak, memoryOf(pid).rssMb)
    for (const child of childrenOf(pid)) initPeak = Math.max(initPeak, memoryOf(child).peakMb)
  },
})
let ours: { peak: number; idle: number; loaded: number; loadedPeak: number; restartIdle: number }
try {
  startupPeak = Math.max(startupPeak, memoryOf(server.pid).peakMb)
  await sleep(IDLE_WAIT_MS)
  const idle = memoryOf(server.pid).rssMb
  const token = await loginDemoPerson(server.url)
  await configCalls(`${server.url}/api/config/queryByIdentity`, { authorization: `Bearer ${token}` })
  for (let i = 0; i < 20; i++) {
    const form = new FormData()
    form.append('file', new Blob([sealedContract], { type: 'application/pdf' }), 'contract.pdf')
    const verified = (await fetch(`${server.url}/api/verify`, { method: 'POST', body: form }).then((r) => r.json())) as { resultStatus: string }
    if (verified.resultStatus !== '00') throw new Error(`verify answered ${JSON.stringify(verified)}`)
    await fetch(`${server.url}/api/configs/operation/manual`).then((r) => r.arrayBuffer())
  }
  await sleep(1_000)
  const loaded = memoryOf(server.pid)
  await server.stop()
  // The same folder again: what a server restarted on existing data holds.
  const restarted = await startBuiltServer(PORT, { dataDir: server.dataDir })
  await sleep(IDLE_WAIT_MS)
  const restartIdle = memoryOf(restarted.pid).rssMb
  await restarted.stop()
  ours = { peak: startupPeak, idle, loaded: loaded.rssMb, loadedPeak: loaded.peakMb, restartIdle }
} finally {
  await server.stop()
}

const bare = await startBareServer(PORT + 10, { resultStatus: '00', responseInfo: '操作成功', data: {} })
let baseline: { idle: number; loaded: number; peak: number }
try {
  const peak = memoryOf(bare.pid).peakMb
  await sleep(IDLE_WAIT_MS)
  const idle = memoryOf(bare.pid).rssMb
  await configCalls(`${bare.url}/config`)
  baseline = { peak, idle, loaded: memoryOf(bare.pid).rssMb }
} finally {
  await bare.stop()
}

console.log(`resident memory (RSS), PGlite on a fresh data folder; bare Fastify beside it`)
console.log(`  start-up peak      ours ${mb(ours.peak)}   bare ${mb(baseline.peak)}   (+ the one-off process creating the PGlite folder: peak ${mb(initPeak)}, then gone)`)
console.log(`  idle (${IDLE_WAIT_MS / 1000} s after)    ours ${mb(ours.idle)}   bare ${mb(baseline.idle)}   budget ${IDLE_BUDGET_MB} MB ${ours.idle < IDLE_BUDGET_MB ? 'within budget' : 'OVER BUDGET'}`)
console.log(`  after load         ours ${mb(ours.loaded)}   bare ${mb(baseline.loaded)}   (ours: 1000 config calls, 20 verifications of a sealed 50-page PDF, 20 manual downloads; peak ${Math.round(ours.loadedPeak)} MB)`)
console.log(`  idle after restart ours ${mb(ours.restartIdle)}   (same data folder, no first-start work)`)
if (ours.idle >= IDLE_BUDGET_MB) process.exitCode = 1
