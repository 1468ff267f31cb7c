// The start-up configuration call under 50 concurrent connections against a bare Fastify route answering
// the same JSON, each server in its own process: p50/p99 latency, requests/s and the ratio, on PGlite and,
// when DATABASE_URL names a PostgreSQL server, on a fresh database created there (and dropped after).
// Goal: ours ≥ 0.5× bare on both. Run: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] npx tsx bench/api-latency.bench.ts
// BENCH_SECONDS (default 4) per run, 5 runs a side; BENCH_PORT (default 8206) for our server, +10 for the bare one.
import autocannon from 'autocannon'
import { freshPostgresDatabase, loginDemoPerson, startBareServer, startBuiltServer } from './server.ts'

const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = 5
const PORT = Number(process.env.BENCH_PORT ?? 8206)
const GOAL = 0.5

type Figures = { p50: number; p99: number; rps: number }

async function measure(options: { url: string; headers?: Record<string, string> }, seconds = DURATION_S): Promise<Figures> {
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: '{}',
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average }
}

const row = (name: string, f: Figures) =>
  `  ${name.padEnd(36)} p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${String(Math.round(f.rps)).padStart(6)} req/s`

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const medianOf = (runs: Figures[]): Figures => ({ p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), rps: median(runs.map((r) => r.rps)) })

async function compare(database: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<boolean> {
  const server = await startBuiltServer(PORT, { databaseUrl })
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined
  const ours: Figures[] = []
  const baseline: Figures[] = []
  try {
    const token = await loginDemoPerson(server.url)
    const configUrl = `${server.url}/api/config/queryByIdentity`
    const headers = { authorization: `Bearer ${token}` }
    const sample = await fetch(configUrl, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json())
    bare = await startBareServer(PORT + 10, sample)
    const targets = { ours: { url: configUrl, headers }, bare: { url: `${bare.url}/config` } }
    // Warm-up (JIT, connection pool, caches), then short runs taken in turn, so that a machine shared
    // with other work weighs on both sides alike; the medians are compared.
    await measure(targets.ours, 2)
    await measure(targets.bare, 2)
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await measure(targets.ours))
      baseline.push(await measure(targets.bare))
    }
  } finally {
    await bare?.stop()
    await server.stop()
  }
  const [o, b] = [medianOf(ours), medianOf(baseline)]
  const ratio = o.rps / b.rps
  console.log(`POST /api/config/queryByIdentity on ${database}, ${CONNECTIONS} connections, median of ${ROUNDS} runs of ${DURATION_S} s each, taken in turn`)
  console.log(row('our server (session + config)', o))
  console.log(row('bare Fastify, same JSON', b))
  console.log(`  ratio ours / bare: throughput ${ratio.toFixed(2)} (goal ≥ ${GOAL}) ${ratio >= GOAL ? 'within budget' : 'OVER BUDGET'}, p50 latency ${(o.p50 / Math.max(1, b.p50)).toFixed(1)}×`)
  return ratio >= GOAL
}

let within = await compare('PGlite')
const postgres = await freshPostgresDatabase('api')
if (postgres) {
  try {
    within = (await compare('PostgreSQL', postgres.url)) && within
  } finally {
    await postgres.drop()
  }
} else {
  console.log('PostgreSQL: skipped (set DATABASE_URL to a PostgreSQL server to compare there too)')
}
if (!within) process.exitCode = 1
