import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'

/**
 * Compresses answers built per request (JSON above 1 KB: lists, the OpenAPI document) with brotli at a
 * fast level or gzip, as the client accepts. The web app's files are compressed once at build time and
 * sent as they are (@fastify/static `preCompressed`); large constant answers use `precompressedJson`.
 * Compressed request bodies are not accepted: inflating them would be a way around the body limit.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false })
})

export type PrecompressedJson = { raw: Buffer; br: Buffer; gzip: Buffer }

/**
 * A constant JSON answer compressed once: the region tree is 160 KB of JSON, and brotli on every
 * request cost 20 ms of CPU each (4× fewer answers per second). Brotli 9, since 11 takes most of a
 * second at start for a few per cent.
 *
 * @example const tree = precompressedJson(ok(buildRegionTree())); app.get(path, (req, reply) => sendPrecompressed(req, reply, tree))
 */
export function precompressedJson(value: unknown): PrecompressedJson {
  const raw = Buffer.from(JSON.stringify(value))
  return {
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
  }
}

/** Sends the copy of a `precompressedJson` answer that the client accepts. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: PrecompressedJson) {
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
  if (!encoding) return reply.send(body.raw)
  return reply.header('content-encoding', encoding).send(body[encoding])
}

/** br, else gzip, else none, as the Accept-Encoding header allows (a q=0 refuses). */
function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>()
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const q = params.find((param) => param.startsWith('q='))
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  return (['br', 'gzip'] as const).find((encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0)
}
