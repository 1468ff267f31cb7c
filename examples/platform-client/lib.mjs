// The sample platform client's building blocks: signing open-API requests, checking webhook signatures,
// the operator calls that register a platform, a webhook receiver, and a small PDF to seal. Plain Node
// (20 or later), no dependencies: copy what you need into your platform. docs/platforms.md describes the
// scheme these implement.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'

export const OPEN_API = '/api/open/v1'

/** encodeURIComponent, plus the characters RFC 3986 reserves that it leaves alone. */
export const encodeRfc3986 = (value) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * The canonical form of a path and query, as the server matches them: each path segment decoded and
 * encoded again (RFC 3986), the query as `key=value` pairs sorted by key, then value.
 */
export function canonicalRequestTarget(pathWithQuery) {
  const url = new URL(pathWithQuery, 'http://platform.invalid')
  const path = url.pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/')
  const query = [...url.searchParams]
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)])
    .sort(([k1, v1], [k2, v2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  return { path, query }
}

/**
 * The signature headers of one open-API request: HMAC-SHA256, under the client secret, of
 * `SEAL-HMAC-SHA256\nMETHOD\npath\nquery\ntimestamp\nnonce\nsha256(body)`, as lowercase hex. `body` is the
 * bytes sent: a JSON text, or a PDF's bytes.
 *
 * @param {{ method: string, pathWithQuery: string, body?: string | Uint8Array, clientSecret: string, timestamp?: number, nonce?: string }} request
 * @returns {Record<string, string>}
 */
export function signatureHeaders({ method, pathWithQuery, body = '', clientSecret, timestamp = Math.floor(Date.now() / 1000), nonce = randomBytes(16).toString('hex') }) {
  const { path, query } = canonicalRequestTarget(pathWithQuery)
  const bodySha256 = createHash('sha256').update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body).digest('hex')
  const text = ['SEAL-HMAC-SHA256', method.toUpperCase(), path, query, String(timestamp), nonce, bodySha256].join('\n')
  return {
    'x-seal-timestamp': String(timestamp),
    'x-seal-nonce': nonce,
    'x-seal-signature': createHmac('sha256', clientSecret).update(text).digest('hex'),
  }
}

/**
 * Whether a webhook came from the seal service: its signature is HMAC-SHA256 of `${timestamp}.${body}`
 * under the client secret, and its timestamp is within `toleranceSeconds` of our clock (a replayed
 * old delivery fails). `body` must be the bytes as received, not a re-serialised object.
 *
 * @param {{ clientSecret: string, headers: Record<string, string | string[] | undefined>, body: string, toleranceSeconds?: number, now?: number }} input
 */
export function verifyWebhook({ clientSecret, headers, body, toleranceSeconds = 300, now = Date.now() }) {
  const timestamp = String(headers['x-seal-timestamp'] ?? '')
  const signature = String(headers['x-seal-signature'] ?? '')
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false
  const expected = Buffer.from(createHmac('sha256', clientSecret).update(`${timestamp}.${body}`).digest('hex'))
  const given = Buffer.from(signature.toLowerCase())
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** A refusal of the open API: its HTTP status, code and Chinese message. */
export class OpenApiRefusal extends Error {
  constructor(status, body) {
    super(`${status} ${body?.code ?? ''} ${body?.message ?? ''}`.trim())
    this.name = 'OpenApiRefusal'
    this.status = status
    this.code = body?.code
    this.body = body
  }
}

/** Refusals worth sending again after a pause: the service was busy, or the first copy still runs. */
const RETRYABLE_CODES = new Set(['RATE_LIMITED', 'SERVER_BUSY', 'TIMESTAMP_FAILED', 'IDEMPOTENCY_KEY_IN_PROGRESS', 'INTERNAL_ERROR'])

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A client of the open API for one platform. It gets an access token with the client credentials,
 * keeps it until it expires (getting a new one when told TOKEN_EXPIRED), and signs every call.
 *
 * Sealing is sent with an `Idempotency-Key` (one per document to seal, or the caller's own), so it is
 * safe to send again: when an answer is lost (no connection, a timeout) or the service says to come back
 * (429, 503, 409 IDEMPOTENCY_KEY_IN_PROGRESS), the client sends the *same* body with the *same* key again
 * (a fresh nonce and signature each time), up to `attempts` times, and the service answers the one
 * document it made. GET calls are retried the same way; nothing else is.
 *
 * @param {{ baseUrl: string, clientId: string, clientSecret: string, attempts?: number, timeoutMs?: number, onRetry?: (info: { attempt: number, reason: string, waitMs: number }) => void }} options
 */
export function createOpenApiClient({ baseUrl, clientId, clientSecret, attempts = 5, timeoutMs = 120_000, onRetry = () => {} }) {
  let token

  /**
   * A new access token. The token call is limited per client address (30 a minute): a 429 is waited out as
   * its Retry-After says and asked again, up to `attempts` times; other refusals are thrown.
   */
  async function fetchToken() {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${baseUrl}${OPEN_API}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId, clientSecret }) })
      const body = await response.json()
      if (response.ok) {
        token = { value: body.accessToken, expiresAt: Date.parse(body.expiresAt) }
        return token.value
      }
      if (response.status !== 429 || attempt >= attempts) throw new OpenApiRefusal(response.status, body)
      const waitMs = (Number(response.headers.get('retry-after')) || 5) * 1000
      onRetry({ attempt, reason: `令牌 ${response.status} ${body.code}`, waitMs })
      await pause(waitMs)
    }
  }

  /**
   * One signed request; answers the HTTP status, the body (parsed JSON, or the bytes of a PDF answer) and
   * the headers.
   */
  async function send(method, path, body, { idempotencyKey, contentType, accept }) {
    const accessToken = token && token.expiresAt - Date.now() > 60_000 ? token.value : await fetchToken()
    const headers = { authorization: `Bearer ${accessToken}`, ...signatureHeaders({ method, pathWithQuery: path, body: body ?? '', clientSecret }) }
    if (body !== undefined) headers['content-type'] = contentType
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
    if (accept) headers.accept = accept
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) })
    const isPdf = response.ok && (response.headers.get('content-type') ?? '').startsWith('application/pdf')
    return { status: response.status, answer: isPdf ? Buffer.from(await response.arrayBuffer()) : await response.json(), headers: response.headers }
  }

  /**
   * Sends a call, again when that is safe (a GET, or a POST with an idempotency key): the body is
   * serialised once, so every attempt carries the same bytes (the key is kept with their digest).
   * `payload` is sent as JSON, or as it is with its `contentType` (a PDF's bytes as `application/pdf`).
   */
  async function call(method, pathWithQuery, payload, { idempotencyKey, contentType = 'application/json', accept } = {}) {
    const body = payload === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(payload) : payload
    const path = `${OPEN_API}${pathWithQuery}`
    const repeatable = method === 'GET' || Boolean(idempotencyKey)
    let tokenRenewed = false
    for (let attempt = 1; ; attempt++) {
      let reason
      let waitMs = Math.min(8000, 500 * 2 ** (attempt - 1))
      try {
        const { status, answer, headers } = await send(method, path, body, { idempotencyKey, contentType, accept })
        if (status === 401 && answer.code === 'TOKEN_EXPIRED' && !tokenRenewed) {
          token = undefined
          tokenRenewed = true
          attempt--
          continue
        }
        if (status >= 200 && status < 300) return { answer, headers, replayed: headers.get('idempotent-replayed') === 'true' }
        if (!repeatable || !RETRYABLE_CODES.has(answer.code) || attempt >= attempts) throw new OpenApiRefusal(status, answer)
        reason = `${status} ${answer.code}`
        const retryAfter = Number(headers.get('retry-after'))
        if (retryAfter > 0) waitMs = retryAfter * 1000
      } catch (error) {
        if (error instanceof OpenApiRefusal || !repeatable || attempt >= attempts) throw error
        // No answer (connection lost, timeout): the request may or may not have been carried out.
        reason = `无应答：${error.cause?.code ?? error.name}`
      }
      onRetry({ attempt, reason, waitMs })
      await pause(waitMs)
    }
  }

  return {
    /** The seals bound to this platform and in effect. */
    boundSeals: async (query = '') => (await call('GET', `/seals${query}`)).answer,
    /**
     * Seals a PDF: `positions` are `{ page, x, y }` (the seal's bottom-left corner, PDF points) or
     * `{ keyword, page?, occurrence?, offsetX?, offsetY? }` (the seal centred on the phrase).
     * `idempotencyKey`: 8–64 of [A-Za-z0-9_-], one per document to seal (e.g. your own order number);
     * a new random one when not given. The answer carries the key used and `replayed` (true when the
     * service answered an earlier attempt's document).
     * `form`: `pdf` (default) sends the PDF itself as the body (`application/pdf`), the other fields in
     * the query; `json` sends them all in a JSON body, the PDF as base64 (a third larger).
     */
    sealDocument: async ({ sealId, pdf, fileName, positions, timestamp = false, remark, businessName, idempotencyKey = randomUUID(), form = 'pdf' }) => {
      if (form === 'json') {
        const payload = { sealId, fileName, pdf: Buffer.from(pdf).toString('base64'), positions, timestamp, remark, businessName }
        const { answer, replayed } = await call('POST', '/documents', payload, { idempotencyKey })
        return { ...answer, idempotencyKey, replayed }
      }
      const fields = { sealId, fileName, positions: JSON.stringify(positions), timestamp: String(timestamp), remark, businessName }
      const query = Object.entries(fields)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${name}=${encodeRfc3986(value)}`)
        .join('&')
      const { answer, replayed } = await call('POST', `/documents?${query}`, Buffer.from(pdf), { idempotencyKey, contentType: 'application/pdf' })
      return { ...answer, idempotencyKey, replayed }
    },
    /** A sealed document: its name, its SHA-256 and the PDF's bytes (asked for as the PDF itself, not base64). */
    document: async (documentId) => {
      const { answer, headers } = await call('GET', `/documents/${encodeRfc3986(documentId)}`, undefined, { accept: 'application/pdf' })
      const fileName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(headers.get('content-disposition') ?? '')?.[1] ?? '')
      return { documentId, fileName, sha256: headers.get('x-seal-document-sha256'), pdf: answer }
    },
  }
}

/** The operator API (admin token): answers `data`, or throws with the envelope's message. */
async function operatorCall(baseUrl, adminToken, method, path, payload) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  })
  const envelope = await response.json()
  if (envelope.resultStatus !== '00') throw Object.assign(new Error(`运维接口 ${path}：${envelope.responseInfo}`), { envelope })
  return envelope.data
}

/**
 * Registers the platform through the operator API. When one of that name exists already its secret is
 * not known here (it was shown once, to whoever registered it), and it may be in use: giving it a new
 * secret would cut off every running copy at once (INVALID_CLIENT, and no more webhooks it can check).
 * So that is done only when asked (`rotateSecret: true`, the client's --rotate-secret); otherwise the
 * call is refused, saying so. Answers the platform's id and credentials.
 */
export async function registerPlatform({ baseUrl, adminToken, clientName, platformType = '9', usageNotes = '示例对接平台（examples/platform-client）', webhookUrl, rotateSecret = false }) {
  try {
    const { platform, clientSecret } = await operatorCall(baseUrl, adminToken, 'POST', '/admin/platforms', { clientName, platformType, usageNotes, webhookUrl })
    return { platformId: platform.id, clientId: platform.clientId, clientSecret, clientName }
  } catch (error) {
    if (error.envelope?.responseInfo !== '平台名称已存在') throw error
  }
  if (!rotateSecret)
    throw new Error(
      `平台「${clientName}」已登记，但这里没有它的凭据（clientSecret 只在登记时显示一次）。` +
        `若它正由另一份客户端使用，请沿用那份的状态目录（--state）；若凭据确已丢失，加 --rotate-secret 运行以更换密钥` +
        `（原密钥及其令牌立即失效，正在运行的副本将无法再调用）；或用 --name 登记另一个平台`,
    )
  for (let after; ; ) {
    const page = await operatorCall(baseUrl, adminToken, 'GET', `/admin/platforms?limit=100${after ? `&after=${after}` : ''}`)
    const existing = page.platforms.find((p) => p.clientName === clientName)
    if (existing) {
      await operatorCall(baseUrl, adminToken, 'PUT', `/admin/platforms/${existing.id}`, { webhookUrl, status: 'active' })
      const { platform, clientSecret } = await operatorCall(baseUrl, adminToken, 'POST', `/admin/platforms/${existing.id}/rotate-secret`)
      return { platformId: platform.id, clientId: platform.clientId, clientSecret, clientName }
    }
    if (!page.nextAfter) throw new Error(`未找到平台「${clientName}」`)
    after = page.nextAfter
  }
}

/** Sets the platform's webhook URL (the receiver's address may change between runs). */
export const setWebhookUrl = ({ baseUrl, adminToken, platformId, webhookUrl }) => operatorCall(baseUrl, adminToken, 'PUT', `/admin/platforms/${platformId}`, { webhookUrl })

/**
 * Receives webhooks on `port` (0: any free port): checks each signature, answers 401 to a bad one and
 * 204 to a good one, and hands good events to `onEvent`. Answers its URL and a close function.
 *
 * @param {{ port?: number, host?: string, clientSecret: () => string, onEvent: (event: object) => void, onRejected?: (reason: string) => void }} options
 */
export async function startWebhookReceiver({ port = 0, host = '127.0.0.1', clientSecret, onEvent, onRejected = () => {} }) {
  const server = createServer((request, response) => {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      if (request.method !== 'POST' || !verifyWebhook({ clientSecret: clientSecret(), headers: request.headers, body })) {
        onRejected(`签名校验失败：${request.method} ${request.url}`)
        response.writeHead(401).end()
        return
      }
      response.writeHead(204).end()
      try {
        onEvent(JSON.parse(body))
      } catch (error) {
        onRejected(`无法处理的推送：${error.message}`)
      }
    })
  })
  await new Promise((resolve, reject) =>
    server
      .once('error', (error) =>
        reject(error.code === 'EADDRINUSE' ? Object.assign(new Error(`推送接收端口 ${port} 已被占用（另一份示例客户端在运行？）：用 --webhook-port 指定其他端口，或 --webhook-port 0 任选空闲端口`), { code: error.code }) : error),
      )
      .listen(port, host, resolve),
  )
  const address = server.address()
  return {
    url: `http://${host}:${address.port}/webhooks`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A one-page PDF (A4, Helvetica) with a line to put the seal by: "Party A (seal):". Hand-written PDF
 * syntax, so the sample needs no PDF library.
 */
export function samplePdf(title = 'Sample contract from the platform client') {
  const text = (x, y, size, words) => `BT /F1 ${size} Tf ${x} ${y} Td (${words.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET`
  const content = [
    text(72, 760, 20, title),
    text(72, 720, 12, `Made ${new Date().toISOString()} to be sealed through the open API.`),
    text(72, 700, 12, 'The seal goes beside the line below, found by its keyword.'),
    text(72, 150, 12, 'Party A (seal):'),
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ]
  let pdf = '%PDF-1.7\n'
  const offsets = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf))
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf)
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}
