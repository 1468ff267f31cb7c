import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyStatic from '@fastify/static'

/** Hashed file names (Vite's `name-HASH.ext`) never change content, so they are kept a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
export const CONSOLE_PREFIX = '/console'

/**
 * The operators' console (apps/console, built with base /console/), in a scope of its own: its own security
 * headers over the H5's (no framing, antd's inline styles), its files as the build compressed them, hashed
 * assets kept a year and index.html revalidated, and index.html for every client route under /console/ so a
 * reload keeps the page. A missing asset is a 404, never index.html.
 */
export async function consoleAppRoutes(app: FastifyInstance) {
  const { consoleDist } = app.config
  const hasConsole = existsSync(join(consoleDist, 'index.html'))
  await app.register(
    async (scope) => {
      scope.addHook('onSend', async (_request, reply, payload) => {
        if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
          reply.headers(app.consolePageHeaders)
        return payload
      })
      if (hasConsole) {
        const assets = join(consoleDist, 'assets') + sep
        await scope.register(fastifyStatic, {
          root: consoleDist,
          prefix: '/',
          wildcard: false,
          preCompressed: true,
          index: false,
          globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
          setHeaders: (reply, path) =>
            reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache'),
        })
      }
      const shell = (reply: FastifyReply) =>
        reply.sendFile('index.html', consoleDist, { cacheControl: false }).header('cache-control', 'no-cache')
      scope.get('/', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
        hasConsole ? shell(reply) : reply.callNotFound(),
      )
      scope.setNotFoundHandler((request, reply) => {
        const notAScreen = request.url.startsWith(`${CONSOLE_PREFIX}/assets/`)
        if (!notAScreen && hasConsole && request.method === 'GET') return shell(reply)
        return reply
          .status(404)
          .type('application/json')
          .send({ resultStatus: '404', responseInfo: '接口不存在', data: null })
      })
    },
    { prefix: CONSOLE_PREFIX },
  )
}
