import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

/** Hashed file names (Vite's `name-HASH.ext`) never change content, so they are kept a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The built H5 app. Files go out as the build compressed them (.br, .gz beside each, chosen by
 * Accept-Encoding); hashed assets are cached for a year, everything else (index.html, the SPA fallback
 * for client routes) is revalidated on every load so a new release is picked up at once.
 * Unknown non-API paths get index.html so client routes survive a reload.
 */
export async function webAppRoutes(app: FastifyInstance) {
  const { webDist, apiBase, bindApiBase } = app.config

  // Runtime configuration of the web client (spec 000 §7: base addresses come from runtime config).
  // An external same-origin script, so the CSP needs no inline script; loaded with `defer` before the app.
  app.get('/runtime-config.js', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const runtime = {
      api: apiBase,
      bindApi: bindApiBase,
      sandbox: app.providers.sms.kind === 'sandbox',
      // The government app's face route has a stand-in app in the H5 (identity/gov, /dev/ykb/*).
      govFaceSandbox: app.providers.govFace.kind === 'sandbox',
    }
    return reply.type('text/javascript').header('cache-control', 'no-cache').send(`window.SEAL_RUNTIME_CONFIG = ${JSON.stringify(runtime)};\n`)
  })

  const hasWeb = existsSync(join(webDist, 'index.html'))
  if (hasWeb) {
    const assets = join(webDist, 'assets') + sep
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      // The compressed copies are found beside each file; they need no route of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache'),
    })
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing asset (a page of an older release asking for a chunk since replaced) is a 404, not
    // index.html, which the browser would try to run as a script. (Unknown /api paths, however spelt,
    // reach the /api scope's own handler.)
    const notAScreen = request.url.startsWith('/assets/')
    if (!notAScreen && hasWeb && request.method === 'GET') return reply.sendFile('index.html')
    return reply.status(404).send({ resultStatus: '404', responseInfo: '接口不存在', data: null })
  })
}
