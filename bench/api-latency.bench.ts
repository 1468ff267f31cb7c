// The start-up configuration call under 50 concurrent connections against a bare Fastify route answering
// the same JSON, each server in its own process: p50/p99 latency, requests/s and the ratio, on PGlite and,
// when DATABASE_URL names a PostgreSQL server, on a fresh database created there (and dropped after).
// Goal: ours ≥ 0.5× bare on both. Run: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] npx tsx bench/api-latency.bench.ts
// BENCH_SECONDS (default 10) per measurement; BENCH_PORT (default 8206) for our server, +10 for the bare one.
import autocannon from 'autocannon'
import { freshPostgresDatabase, loginDemoPerson, startBareServer, startBuiltServer } from './server.ts'

const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
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

/** Warm-up (JIT, connection pool, caches) then the measurement. */
async function warmAndMeasure(options: { url: string; headers?: Record<string, string> }) {
  await measure(options, 2)
  return measure(options)
}

const row = (name: string, f: Figures) =>
  `  ${name.padEnd(36)} p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${String(Math.round(f.rps)).padStart(6)} req/s`

async function compare(database: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<boolean> {
  const server = await startBuiltServer(PORT, { databaseUrl })
  let ours: Figures
  let sample: unknown
  try {
    const token = await loginDemoPerson(server.url)
    const configUrl = `${server.url}/api/config/queryByIdentity`
    const headers = { authorization: `Bearer ${token}` }
    sample = await fetch(configUrl, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json())
    // The config query is a read: the duplicate guard lets identical ones run side by side.
    ours = await warmAndMeasure({ url: configUrl, headers })
  } finally {
    await server.stop()
  }
  const bare = await startBareServer(PORT + 10, sample)
  let baseline: Figures
  try {
    baseline = await warmAndMeasure({ url: `${bare.url}/config` })
  } finally {
    await bare.stop()
  }
  const ratio = ours.rps / baseline.rps
  console.log(`POST /api/config/queryByIdentity on ${database}, ${CONNECTIONS} connections, ${DURATION_S} s`)
  console.log(row('our server (session + config)', ours))
  console.log(row('bare Fastify, same JSON', baseline))
  console.log(`  ratio ours / bare: throughput ${ratio.toFixed(2)} (goal ≥ ${GOAL}) ${ratio >= GOAL ? 'within budget' : 'OVER BUDGET'}, p50 latency ${(ours.p50 / Math.max(1, baseline.p50)).toFixed(1)}×`)
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
