import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { buildRegionTree } from '@seal/shared/regions/region-tree'
import { precompressedJson, sendPrecompressed } from '../plugins/compression.ts'

/** GET /seal-apply/region/list: the three-level region tree (spec 002 §3), built once. */
export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  // 160 KB of JSON that never changes while the server runs: compressed once.
  const answer = precompressedJson(ok(buildRegionTree()))
  app.get(
    '/seal-apply/region/list',
    { config: { public: true }, schema: { tags: ['regions'], summary: '省市区三级行政区划' } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400')
      return sendPrecompressed(request, reply, answer)
    },
  )
}
