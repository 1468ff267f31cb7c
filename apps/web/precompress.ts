import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside every text file of the build, once,
 * so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing on
 * every request or not at all. A copy that is not smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'seal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue
        const raw = readFileSync(file)
        if (raw.length < MIN_BYTES) continue
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
        const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION })
        if (br.length < raw.length) writeFileSync(`${file}.br`, br)
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz)
      }
    },
  }
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* walk(path)
    else yield path
  }
}
