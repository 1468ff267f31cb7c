// Bundles the server into dist/main.js and its worker threads' tasks into dist/worker.js. Workspace packages
// (TypeScript source) are bundled in; npm dependencies stay external and load from node_modules.
import { build } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'

// The npm dependencies of the server and of every workspace package it bundles stay external.
const manifests = [new URL('./package.json', import.meta.url)]
for (const name of readdirSync(new URL('../../packages/', import.meta.url))) manifests.push(new URL(`../../packages/${name}/package.json`, import.meta.url))
const external = manifests
  .flatMap((manifest) => Object.keys(JSON.parse(readFileSync(manifest)).dependencies ?? {}))
  .filter((name) => !name.startsWith('@seal/'))

// The worker pool's tasks (src/workers/pool.ts) are a second entry, dist/worker.js, found beside main.js.
await build({
  entryPoints: { main: 'src/main.ts', worker: 'src/workers/tasks.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, '@resvg/*', '@node-rs/*', 'sharp', 'pg-native'],
  banner: { js: "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);" },
  logLevel: 'warning',
})
