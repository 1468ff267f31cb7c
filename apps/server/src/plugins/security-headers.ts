import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy that the built app
 * passes with no inline script, nosniff, no referrer (a launch URL may carry a token), and framing by
 * our own origin plus the host pages named in FRAME_ANCESTORS (config.frameAncestors).
 *
 * What the app needs from the policy: same-origin scripts and workers (pdf.js runs its worker from
 * /assets), `blob:` and `data:` pictures (previews, seal images), the camera stream, inline style
 * attributes set by antd-mobile and pdf.js, and calls to the API bases when they are on another origin.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const { frameAncestors, apiBase, bindApiBase } = app.config
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...otherOrigins([apiBase, bindApiBase])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...frameAncestors],
      },
    },
    // frame-ancestors decides framing; the older header can only say "same origin", so it goes when hosts are named.
    xFrameOptions: frameAncestors.length === 0 ? { action: 'sameorigin' } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // Other services may live on subdomains of the deployment's domain: HSTS speaks for this host only.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  })
})

/**
 * API answers are not stored by browsers or proxies unless the route chose its own caching: they carry
 * tokens, SMS codes, identity data. Added as an onSend hook in the scope of the API routes.
 */
export async function noStoreUnlessSet(_request: FastifyRequest, reply: FastifyReply) {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
}

/** Origins of absolute API base addresses (API_BASE, BIND_API_BASE); relative ones are our own origin. */
function otherOrigins(bases: string[]): string[] {
  return bases.flatMap((base) => (URL.canParse(base) ? [new URL(base).origin] : []))
}
