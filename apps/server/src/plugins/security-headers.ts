import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Security headers on every answer (helmet): a Content-Security-Policy that the built app
 * passes with no inline script, nosniff, no referrer (a launch URL may carry a token), and framing by
 * our own origin plus the host pages named in FRAME_ANCESTORS (config.frameAncestors).
 *
 * What the app needs from the policy: same-origin scripts and workers (pdf.js runs its worker from
 * /assets), `blob:` and `data:` pictures (previews, seal images), the camera stream, inline style
 * attributes set by antd-mobile and pdf.js, and calls to the API bases when they are on another origin.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const { frameAncestors, apiBase, bindApiBase } = app.config
  // frame-ancestors decides framing; the older header can only say "same origin", so it goes when hosts are named.
  const xFrameOptions = frameAncestors.length === 0 ? ({ action: 'sameorigin' } as const) : false
  // Other services may live on subdomains of the deployment's domain: HSTS speaks for this host only.
  const strictTransportSecurity = { maxAge: 31_536_000, includeSubDomains: false }
  const pageHeaders = helmetHeaders({
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
    xFrameOptions,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity,
  })
  // The operators' console (/console, web/console-routes.ts): antd's css-in-js writes <style> elements, so
  // styles may be inline; scripts may not. It shows no camera and runs no worker, and a back office is
  // never framed by a host page, whatever FRAME_ANCESTORS lets the H5 do.
  const consolePageHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'none'"],
        workerSrc: ["'none'"],
        connectSrc: ["'self'", ...otherOrigins([apiBase])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity,
  })
  // A JSON answer is never a page: it may load nothing and needs none of the browser-isolation headers,
  // and the page policy on every API answer was most of their header bytes (the configuration call is
  // made at every start-up and measured against bare Fastify: bench/api-latency.bench.ts).
  const dataHeaders = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'", ...frameAncestors] } },
    xFrameOptions,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    reply.headers(json ? dataHeaders : pageHeaders)
    return payload
  })
  // For the few answers no hook sees (the router's refusals, app.ts frameworkErrors).
  app.decorate('dataAnswerHeaders', dataHeaders)
  // Set over the page headers by the console's own scope (web/console-routes.ts).
  app.decorate('consolePageHeaders', consolePageHeaders)
})

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The security headers of a JSON answer. */
    dataAnswerHeaders: Record<string, string>
    /** The security headers of the console's pages and assets. */
    consolePageHeaders: Record<string, string>
  }
}

/**
 * The headers helmet sets for these options, worked out once at start: ours hold no per-request value
 * (no nonces), and @fastify/helmet would build the middleware again, parsing the policy, on every answer
 * (5 % of the configuration call's CPU).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = { setHeader: (name: string, value: unknown) => void (headers[name] = String(value)), removeHeader: () => {} }
  let failure: unknown = 'helmet did not answer at once'
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => void (failure = error))
  if (failure) throw new Error(`security headers: ${String(failure)}`)
  return headers
}

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
