// `npm run bench`: every benchmark in this folder, one after another, printing its figures.
// Benchmarks are run on demand, never as timed tests. Needs a build (npm run build) first.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

const only = process.argv[2]
const files = readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort()
for (const file of files) {
  console.log(`\n=== ${file}`)
  spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' })
}
