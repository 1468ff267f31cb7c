// The config call under 50 concurrent connections, against a bare Fastify route answering the same
// JSON on the same machine: p50/p99 latency, requests/s, and the ratio. Run: npx tsx bench/api-latency.bench.ts
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { loginDemoPerson, startBuiltServer } from './server.ts'

const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)

type Figures = { p50: number; p99: number; rps: number }

async function measure(options: { url: string; headers?: Record<string, string>; body: string }): Promise<Figures> {
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average }
}

const server = await startBuiltServer(8201)
try {
  const token = await loginDemoPerson(server.url)
  const configUrl = `${server.url}/api/config/queryByIdentity`
  const sample = await fetch(configUrl, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json())

  // The config query is a read: the duplicate guard lets identical ones run side by side.
  const ours = await measure({ url: configUrl, headers: { authorization: `Bearer ${token}` }, body: '{}' })

  const bare = Fastify()
  bare.post('/config', async () => sample)
  await bare.listen({ port: 8202, host: '127.0.0.1' })
  const baseline = await measure({ url: 'http://127.0.0.1:8202/config', body: '{}' })
  await bare.close()

  const row = (name: string, f: Figures) => `${name.padEnd(34)} p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${Math.round(f.rps)} req/s`
  console.log(`POST /api/config/queryByIdentity, ${CONNECTIONS} connections, ${DURATION_S} s`)
  console.log(row('our server (session + config query)', ours))
  console.log(row('bare Fastify, same JSON', baseline))
  console.log(`ratio (ours / bare): throughput ${(ours.rps / baseline.rps).toFixed(2)}, p50 latency ${(ours.p50 / Math.max(1, baseline.p50)).toFixed(1)}×`)
} finally {
  await server.stop()
}
