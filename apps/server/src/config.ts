import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { hostChannelsSetting, type HostChannels } from './host-channels.ts'

/**
 * Server configuration, read once from the environment. Every value has a documented default
 * (docs/architecture.md), so `npm start` runs with no environment at all.
 */
export type ServerConfig = {
  port: number
  /** HOST: loopback (`localhost`, IPv4 and IPv6) by default while a sandbox would let strangers in, else all interfaces. */
  host: string
  /** ALLOW_SANDBOX_ON_NETWORK: serve the sandbox (its SMS outbox, its face check) beyond this machine. */
  allowSandboxOnNetwork: boolean
  /**
   * TRUST_PROXY: whether X-Forwarded-For names the client (request.ip, the audit log, the duplicate guard).
   * Off by default, since any client can send that header; `true`, or the proxies' addresses (comma-separated
   * IPs or CIDR ranges), when a proxy in front sets it (Fastify's `trustProxy`).
   */
  trustProxy: boolean | string
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
  /** The built operators' console (apps/console/dist), served at /console. */
  consoleDist: string
  providers: {
    sms: 'sandbox' | 'http'
    face: 'sandbox' | 'http'
    /** OCR of ID cards and licences: sandbox reads them with the local tesseract command (docs/providers.md). */
    ocr: 'sandbox' | 'http'
    /**
     * The unit verification of step 1 (four-element or licence check): sandbox answers from the sandbox
     * enterprise registry; http asks ENTERPRISE_VERIFY_URL with ENTERPRISE_VERIFY_KEY (docs/providers.md).
     */
    enterprise: 'sandbox' | 'http'
    /**
     * Real-name verification of persons (phone + name + ID number, the carriers' three-element check):
     * sandbox answers from the sandbox person registry; http asks REAL_NAME_PROVIDER_URL (docs/providers.md).
     */
    realName: 'sandbox' | 'http'
    realNameUrl?: string
    /** Secret: never logged. */
    realNameKey?: string
    smsUrl?: string
    faceUrl?: string
    /** Secret: never logged. */
    faceKey?: string
    ocrUrl?: string
    /** Secret: never logged. */
    ocrKey?: string
    enterpriseUrl?: string
    /** Secret: never logged. */
    enterpriseKey?: string
    /**
     * The government service app's face route (/ykb/*, spec 000 §7): sandbox is a stand-in platform answering
     * from the sandbox person registry; http asks GOV_FACE_PROVIDER_URL with GOV_FACE_PROVIDER_KEY (docs/providers.md).
     */
    govFace: 'sandbox' | 'http'
    govFaceUrl?: string
    /** Secret: never logged. */
    govFaceKey?: string
    /**
     * The market regulator's authentication by SM3 hashes (/samr/authentication, 001 §7): sandbox answers from
     * the sandbox enterprise registry; http asks SAMR_PROVIDER_URL with SAMR_PROVIDER_KEY (docs/providers.md).
     */
    samr: 'sandbox' | 'http'
    samrUrl?: string
    /** Secret: never logged. */
    samrKey?: string
  }
  /**
   * RFC 3161 signature timestamps (PAdES B-T): `sandbox` is our own TSA, certified by our CA and also
   * served at POST /api/trust/tsa; `http` asks the TSA at `url`; `none` signs without timestamps (B-B).
   */
  timestamping:
    { provider: 'sandbox' | 'none'; timeoutMs: number } | { provider: 'http'; url: string; timeoutMs: number }
  /**
   * REVIEW_MODE: `auto` approves a submitted enterprise application at once when its unit verification
   * passed and no seal photo waits for manual review; `manual` leaves every one to a reviewer
   * (/api/admin/applications). Default `auto` while the sandbox providers run, else `manual`.
   */
  reviewMode: 'auto' | 'manual'
  /** Print demo accounts and seed them on first start. */
  seedDemo: boolean
  logLevel: string
  /** Support phone shown on screens ({phone} in the spec). */
  supportPhone: string
  /** Per-client limits (plugins/rate-limit.ts): SMS codes one client address may ask for in 10 minutes. */
  rateLimits: { smsSendsPerClient: number; smsResendAfterMs: number }
  /** What one account may upload in a rolling day (files/service.ts saveUpload). */
  uploadQuota: { bytes: number; files: number }
  /**
   * Host pages that may show the app in a frame (CSP frame-ancestors), beside our own origin: embedding
   * hosts post messages to a parent window (spec 000 §2). FRAME_ANCESTORS, sources separated by spaces.
   */
  frameAncestors: string[]
  /**
   * AUTH_EXPIRY_NOTICES_EVERY_MINUTES: how often the service looks (one job on the queue across its processes) for authorisations ending soon whose
   * seal user has not been told by SMS (seal-auth/expiry-notices.ts); 0 turns it off. Default 60.
   */
  authExpiryNoticeEveryMs: number
  /** How often the hash chains link new rows, and sign their heads (audit-trail.ts; jobs in background-jobs.ts). */
  auditChain: { linkEveryMs: number; signEveryMs: number }
  /**
   * WEBHOOK_ALLOW_PRIVATE_ADDRESSES: whether webhooks may go to loopback, private and link-local addresses
   * (platforms/webhook-worker.ts). Default: yes while a sandbox runs (the sample client listens on
   * localhost), no with the real providers, where such an address is a mistake or an attempt to reach the
   * operator's own network; `true` for a platform that really sits inside it.
   */
  webhookAllowPrivateAddresses: boolean
  /** Waits between a webhook's failed attempts (WEBHOOK_RETRY_SECONDS); after the last, the delivery has failed. */
  webhookRetryMs: number[]
  /** Server processes with PostgreSQL (PROCESSES, default one per core); PGlite always runs one. */
  processes: number
  /** Bearer token of /metrics; unset: loopback and private addresses only. */
  metricsToken: string | undefined
  /**
   * HOST_CHANNELS: host apps that may launch the H5 with a signed login assertion, by channel id, with
   * their algorithm, key and audience (host-channels.ts, docs/api.md POST /auth/login/host). None by default.
   */
  hostChannels: HostChannels
  /**
   * REDIS_URL: the Redis that several server processes share for rate limits, the duplicate guard, used host
   * login assertions and the caches' cross-process forgets (redis/, docs/deploy.md "Shared state (Redis)").
   * Unset: all of it in this process, right for one process. REDIS_KEY_PREFIX namespaces every key and
   * channel (default `seal:`), so deployments or test runs sharing one Redis never meet.
   */
  redis: { url: string; keyPrefix: string } | undefined
  /**
   * FILE_STORE: where file bytes live (docs/deploy.md "Files"). `local`, the default, is `DATA_DIR/files`;
   * `s3` an S3-compatible bucket shared by every process (S3_* settings), the default when S3_BUCKET is set.
   */
  fileStore: { kind: 'local'; root: string } | { kind: 's3'; s3: S3Settings }
}

/** An S3-compatible bucket for the files (files/s3-store.ts). */
export type S3Settings = {
  /** S3_ENDPOINT: the store's address (MinIO, OSS, COS …); unset is AWS S3 in `region`. */
  endpoint: string | undefined
  region: string
  bucket: string
  /** S3_PREFIX: the part of the bucket that is the service's, `''` or ending in `/`. */
  prefix: string
  forcePathStyle: boolean
  /** Secrets: never logged. Unset: the SDK's own chain (AWS_* variables, the instance's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080)
  const dataDir = resolve(env.DATA_DIR ?? './data')
  const providers: ServerConfig['providers'] = {
    sms: env.SMS_PROVIDER === 'http' ? 'http' : 'sandbox',
    face: env.FACE_PROVIDER === 'http' ? 'http' : 'sandbox',
    ocr: env.OCR_PROVIDER === 'http' ? 'http' : 'sandbox',
    enterprise: env.ENTERPRISE_VERIFY_PROVIDER === 'http' ? 'http' : 'sandbox',
    realName: env.REAL_NAME_PROVIDER === 'http' ? 'http' : 'sandbox',
    realNameUrl: env.REAL_NAME_PROVIDER_URL,
    realNameKey: env.REAL_NAME_PROVIDER_KEY,
    smsUrl: env.SMS_PROVIDER_URL,
    faceUrl: env.FACE_PROVIDER_URL,
    faceKey: env.FACE_PROVIDER_KEY,
    ocrUrl: env.OCR_PROVIDER_URL,
    ocrKey: env.OCR_PROVIDER_KEY,
    enterpriseUrl: env.ENTERPRISE_VERIFY_URL,
    enterpriseKey: env.ENTERPRISE_VERIFY_KEY,
    govFace: env.GOV_FACE_PROVIDER === 'http' ? 'http' : 'sandbox',
    govFaceUrl: env.GOV_FACE_PROVIDER_URL,
    govFaceKey: env.GOV_FACE_PROVIDER_KEY,
    samr: env.SAMR_PROVIDER === 'http' ? 'http' : 'sandbox',
    samrUrl: env.SAMR_PROVIDER_URL,
    samrKey: env.SAMR_PROVIDER_KEY,
  }
  const allowSandboxOnNetwork = env.ALLOW_SANDBOX_ON_NETWORK === 'true'
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`
  const host = env.HOST ?? (openingSandboxes(providers).length > 0 ? 'localhost' : '0.0.0.0')
  if (!isLoopbackHost(host) && openingSandboxes(providers).length > 0 && !allowSandboxOnNetwork) {
    throw new Error(
      `HOST=${host} would put the sandbox (${openingSandboxes(providers).join(', ')}) on the network, where anyone can read its SMS codes ` +
        'and log in as anyone. Configure the real providers, or set ALLOW_SANDBOX_ON_NETWORK=true for a demo on a trusted network.',
    )
  }
  return {
    port,
    host,
    allowSandboxOnNetwork,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    apiBase: env.API_BASE ?? '/api',
    bindApiBase: env.BIND_API_BASE ?? env.API_BASE ?? '/api',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    consoleDist: resolve(env.CONSOLE_DIST ?? new URL('../../console/dist', import.meta.url).pathname),
    providers,
    timestamping: timestampingConfig(env),
    reviewMode: reviewModeSetting(env.REVIEW_MODE, providers),
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    supportPhone: env.SUPPORT_PHONE ?? '400-000-0000',
    rateLimits: {
      smsSendsPerClient: positiveInteger(env, 'SMS_SENDS_PER_CLIENT', 20),
      // The spec's 60-second countdown; the client counts down what the server answers.
      smsResendAfterMs: positiveInteger(env, 'SMS_RESEND_SECONDS', 60) * 1000,
    },
    uploadQuota: {
      bytes: positiveInteger(env, 'UPLOAD_QUOTA_MB', 4096) * 1024 * 1024,
      files: positiveInteger(env, 'UPLOAD_QUOTA_FILES', 10000),
    },
    frameAncestors: frameAncestors(env.FRAME_ANCESTORS),
    authExpiryNoticeEveryMs: wholeMinutes(env, 'AUTH_EXPIRY_NOTICES_EVERY_MINUTES', 60) * 60_000,
    auditChain: {
      linkEveryMs: positiveInteger(env, 'AUDIT_CHAIN_LINK_SECONDS', 5) * 1000,
      signEveryMs: wholeMinutes(env, 'AUDIT_CHAIN_SIGN_MINUTES', 10) * 60_000,
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    processes: positiveInteger(env, 'PROCESSES', availableParallelism()),
    webhookRetryMs: webhookRetrySetting(env.WEBHOOK_RETRY_SECONDS),
    webhookAllowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES
      ? env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === 'true'
      : openingSandboxes(providers).length > 0,
    hostChannels: hostChannelsSetting(env.HOST_CHANNELS, publicUrl),
    redis: redisSetting(env),
    fileStore: fileStoreSetting(env, dataDir),
  }
}

/** Waits between a webhook's attempts by default: seven attempts over about nine hours (docs/platforms.md). */
export const WEBHOOK_RETRY_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]

/** WEBHOOK_RETRY_SECONDS: comma-separated positive whole seconds, e.g. `10,60,300`; unset, the documented schedule. */
function webhookRetrySetting(value: string | undefined): number[] {
  if (!value) return [...WEBHOOK_RETRY_MS]
  const seconds = value.split(',').map((part) => part.trim())
  if (!seconds.every((part) => /^[1-9]\d{0,5}$/.test(part)))
    throw new Error(`WEBHOOK_RETRY_SECONDS 须为逗号分隔的正整数秒数，而不是 '${value}'`)
  return seconds.map((part) => Number(part) * 1000)
}

const S3_NAMES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
  'S3_FORCE_PATH_STYLE',
] as const

/**
 * FILE_STORE and S3_*, refused at start when half there: files that silently went to one machine's disk
 * while the others look in a bucket would be lost to them. Said in Chinese and English, as operators read both.
 */
function fileStoreSetting(env: NodeJS.ProcessEnv, dataDir: string): ServerConfig['fileStore'] {
  const refuse = (chinese: string, english: string) =>
    new Error(`文件存储配置有误：${chinese} / File store settings: ${english}`)
  const given = S3_NAMES.filter((name) => env[name])
  const kind = env.FILE_STORE || (env.S3_BUCKET ? 's3' : 'local')
  if (kind !== 'local' && kind !== 's3')
    throw refuse(
      `FILE_STORE 只能是 local 或 s3，而不是 '${kind}'`,
      `FILE_STORE must be 'local' or 's3', not '${kind}'`,
    )
  if (kind === 'local') {
    if (given.length > 0) {
      throw refuse(
        `FILE_STORE=local 时不使用 ${given.join('、')}；要使用 S3 请设置 FILE_STORE=s3，否则删除这些设置`,
        `${given.join(', ')} set while FILE_STORE=local; set FILE_STORE=s3 to use the bucket, or remove them`,
      )
    }
    return { kind: 'local', root: resolve(dataDir, 'files') }
  }
  const bucket = env.S3_BUCKET
  if (!bucket) throw refuse('FILE_STORE=s3 时必须设置 S3_BUCKET', 'S3_BUCKET must be set when FILE_STORE=s3')
  // Loose on purpose (old AWS buckets may hold capitals and _): only what cannot be a bucket in any store.
  if (!/^[\w.-]{1,255}$/.test(bucket))
    throw refuse(
      `S3_BUCKET '${bucket}' 不是有效的存储桶名称`,
      `S3_BUCKET '${bucket}' is not a valid bucket name`,
    )
  const endpoint = env.S3_ENDPOINT || undefined
  if (endpoint !== undefined && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(endpoint)) {
    throw refuse(
      'S3_ENDPOINT 必须是 http:// 或 https:// 地址',
      'S3_ENDPOINT must be an http:// or https:// address',
    ) // not echoed: it may hold credentials
  }
  const region = env.S3_REGION || (endpoint ? 'us-east-1' : undefined)
  if (!region)
    throw refuse(
      '使用 AWS S3（未设置 S3_ENDPOINT）时必须设置 S3_REGION',
      'S3_REGION must be set for AWS S3 (no S3_ENDPOINT)',
    )
  const accessKeyId = env.S3_ACCESS_KEY_ID
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw refuse(
      'S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 必须同时设置',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    )
  }
  const prefix = env.S3_PREFIX ?? ''
  if (!/^([\w.-]+\/)*[\w.-]*$/.test(prefix) || prefix.length > 200) {
    throw refuse(
      'S3_PREFIX 只能包含字母、数字和 . _ - /，且不以 / 开头',
      "S3_PREFIX may hold letters, digits and . _ - / (not starting with '/')",
    )
  }
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? 'false'
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') {
    throw refuse(
      `S3_FORCE_PATH_STYLE 只能是 true 或 false，而不是 '${forcePathStyle}'`,
      `S3_FORCE_PATH_STYLE must be 'true' or 'false', not '${forcePathStyle}'`,
    )
  }
  return {
    kind: 's3',
    s3: {
      endpoint,
      region,
      bucket,
      prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
      forcePathStyle: forcePathStyle === 'true',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    },
  }
}

/** REDIS_URL (redis:// or rediss://) and REDIS_KEY_PREFIX, refused at start when misspelt. */
function redisSetting(env: NodeJS.ProcessEnv): ServerConfig['redis'] {
  if (!env.REDIS_URL) return undefined
  let url: URL
  try {
    url = new URL(env.REDIS_URL)
  } catch {
    throw new Error('REDIS_URL must be a redis:// or rediss:// address') // not echoed: it may hold a password
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new Error(`REDIS_URL must be a redis:// or rediss:// address, not '${url.protocol}//…'`)
  const keyPrefix = env.REDIS_KEY_PREFIX ?? 'seal:'
  if (!/^[\w.:-]{1,64}$/.test(keyPrefix))
    throw new Error('REDIS_KEY_PREFIX may hold letters, digits and . _ : - (at most 64)')
  return { url: env.REDIS_URL, keyPrefix }
}

function wholeMinutes(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of minutes (0 turns it off)`)
  return value
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`)
  return value
}

/**
 * The sandboxes that let a stranger in: the SMS outbox lists every login code, the sandbox face check
 * passes any selfie. (Sandbox OCR and the sandbox TSA do real work and give nothing away.)
 */
export function openingSandboxes(providers: ServerConfig['providers']): string[] {
  // The sandbox enterprise check passes anyone who names a registry unit: it opens the door as the others do.
  return [
    providers.sms === 'sandbox' ? 'SMS' : undefined,
    providers.face === 'sandbox' ? 'face' : undefined,
    providers.enterprise === 'sandbox' ? 'enterprise verification' : undefined,
    // The stand-in government app passes a lit photo of anyone in the sandbox person registry, as the sandbox face does.
    providers.govFace === 'sandbox' ? 'government-app face' : undefined,
  ].filter((name) => name !== undefined)
}

/** What start-up says when the sandbox is reachable from other machines (ALLOW_SANDBOX_ON_NETWORK). */
export function sandboxExposure(config: ServerConfig): string | undefined {
  const sandboxes = openingSandboxes(config.providers)
  if (sandboxes.length === 0 || isLoopbackHost(config.host)) return undefined
  return (
    `警告: 沙箱（${sandboxes.join('、')}）在 ${config.host}:${config.port} 上对网络开放（ALLOW_SANDBOX_ON_NETWORK=true）。` +
    '任何能访问此端口的人都能在短信发件箱读取验证码并以任何人的身份登录。仅用于可信网络中的演示。'
  )
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host)
}

/** A caller on this machine, by its socket address (never a header). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address))
}

function trustProxySetting(value: string | undefined): ServerConfig['trustProxy'] {
  if (!value || value === 'false') return false
  if (value === 'true') return true
  return value // the proxies' addresses or CIDR ranges, comma-separated
}

/** A scheme, or an origin with an optional `*.` and port: nothing that could end the directive. */
const FRAME_SOURCE = /^(https?:|https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?)$/i

function frameAncestors(value: string | undefined): string[] {
  const sources = (value ?? '').split(/[\s,]+/).filter(Boolean)
  const bad = sources.find((source) => !FRAME_SOURCE.test(source))
  if (bad)
    throw new Error(`FRAME_ANCESTORS must list origins such as https://host.example.cn; refused: ${bad}`)
  return sources
}

/**
 * REVIEW_MODE, refused at start when misspelt. Automatic approval belongs to the sandbox (a demo), where the
 * providers that prove who someone is are ours; with real providers a person reviews unless told otherwise.
 */
function reviewModeSetting(
  value: string | undefined,
  providers: ServerConfig['providers'],
): ServerConfig['reviewMode'] {
  if (value === 'auto' || value === 'manual') return value
  if (value) throw new Error(`REVIEW_MODE must be 'auto' or 'manual', not '${value}'`)
  return openingSandboxes(providers).length > 0 ? 'auto' : 'manual'
}

/** TSA_PROVIDER, TSA_PROVIDER_URL, TSA_TIMEOUT_MS: refused at start when inconsistent, not at the first signature. */
function timestampingConfig(env: NodeJS.ProcessEnv): ServerConfig['timestamping'] {
  const timeoutMs = Number(env.TSA_TIMEOUT_MS ?? 10_000)
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new Error('TSA_TIMEOUT_MS must be a positive number of milliseconds')
  if (env.TSA_PROVIDER === 'http') {
    if (!env.TSA_PROVIDER_URL) throw new Error("TSA_PROVIDER_URL must be set when TSA_PROVIDER is 'http'")
    return { provider: 'http', url: env.TSA_PROVIDER_URL, timeoutMs }
  }
  return { provider: env.TSA_PROVIDER === 'none' ? 'none' : 'sandbox', timeoutMs }
}
