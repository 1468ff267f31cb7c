import { resolve } from 'node:path'

/**
 * Server configuration, read once from the environment. Every value has a documented default
 * (docs/architecture.md), so `npm start` runs with no environment at all.
 */
export type ServerConfig = {
  port: number
  host: string
  /** Folder for the embedded database, stored files, keys. */
  dataDir: string
  /** PostgreSQL connection string; unset means embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined
  /** Public origin used in links we hand out (preview links, CRL URL). */
  publicUrl: string
  /** Base address of the API as the web client calls it, and of the binding API (spec 000 §7). */
  apiBase: string
  bindApiBase: string
  /** Built web app to serve; unset when the folder does not exist (API-only tests). */
  webDist: string
  providers: {
    sms: 'sandbox' | 'http'
    face: 'sandbox' | 'http'
    /** OCR of ID cards and licences: sandbox reads them with the local tesseract command (docs/providers.md). */
    ocr: 'sandbox' | 'http'
    smsUrl?: string
    faceUrl?: string
    ocrUrl?: string
  }
  /** Print demo accounts and seed them on first start. */
  seedDemo: boolean
  logLevel: string
  /** Support phone shown on screens ({phone} in the spec). */
  supportPhone: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080)
  const dataDir = resolve(env.DATA_DIR ?? './data')
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    apiBase: env.API_BASE ?? '/api',
    bindApiBase: env.BIND_API_BASE ?? env.API_BASE ?? '/api',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    providers: {
      sms: env.SMS_PROVIDER === 'http' ? 'http' : 'sandbox',
      face: env.FACE_PROVIDER === 'http' ? 'http' : 'sandbox',
      ocr: env.OCR_PROVIDER === 'http' ? 'http' : 'sandbox',
      smsUrl: env.SMS_PROVIDER_URL,
      faceUrl: env.FACE_PROVIDER_URL,
      ocrUrl: env.OCR_PROVIDER_URL,
    },
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    supportPhone: env.SUPPORT_PHONE ?? '400-000-0000',
  }
}
