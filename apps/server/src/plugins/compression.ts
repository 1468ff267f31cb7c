import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'

/**
 * Compresses answers built per request (JSON above 1 KB: region tree, lists, OpenAPI document) with
 * brotli at a fast level or gzip, as the client accepts. The web app's files are compressed once at
 * build time and sent as they are (@fastify/static `preCompressed`), so they are not touched here.
 * Compressed request bodies are not accepted: inflating them would be a way around the body limit.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false })
})
