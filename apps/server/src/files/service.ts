import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, count, eq, gt, min, sql, sum } from 'drizzle-orm'
import { resultStatus } from '@seal/shared/api/envelope'
import { fileTypeFromBuffer } from 'file-type'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { AppError, businessError, notFound } from '../errors.ts'
import { MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE } from '../plugins/upload-limit.ts'
import { ACCEPTED_MEDIA_TYPES, ACCESS_TOKEN_TTL_MS, type AcceptedMediaType } from './limits.ts'
import type { FileStore } from './store.ts'
import { files } from './tables.ts'

export type StoredFile = typeof files.$inferSelect

export const fileMessages = {
  tooLarge: TOO_LARGE_MESSAGE,
  wrongType: '请上传png、jpeg、jpg或pdf格式的文件',
  empty: '文件内容为空',
  damagedImage: '图片已损坏，请重新选择',
  quotaReached: '24小时内上传的文件已达上限，请稍后再试',
} as const

/** What one account may store in a rolling day (UPLOAD_QUOTA_MB, UPLOAD_QUOTA_FILES). */
export type UploadQuota = { bytes: number; files: number }
const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000

export type PreparedFile = typeof files.$inferInsert & { id: string; storageKey: string }

/**
 * Stores an uploaded file for its owner after checking what it really is: the type comes from the
 * bytes (magic numbers), so a script renamed to .png is refused.
 */
export async function saveFile(options: {
  db: Database
  store: FileStore
  ownerAccountId: string | null
  bytes: Buffer
  originalName: string
}): Promise<StoredFile> {
  const prepared = await storeFileBytes(options)
  const [row] = await options.db.insert(files).values(prepared).returning()
  return row!
}

/**
 * Saves what a person sends at will (POST /file/upload, /file/uploadBase64, a handwriting save's picture)
 * within the account's quota: whatever the account stored in the last 24 hours (its uploads and the documents
 * made for it) and these bytes stay under `quota`, else HTTP 429 with Retry-After until the oldest of those
 * leaves the window. Without it anyone with a phone fills the disk: stored files stay.
 *
 * The bytes are written first, then the quota is checked again and the row recorded under a lock per account,
 * so concurrent uploads cannot all pass on the same remainder, while the lock (and a database connection) is
 * never held across a slow write to the store; bytes refused there are removed.
 */
export async function saveUpload(
  options: { db: Database; store: FileStore; ownerAccountId: string; bytes: Buffer; originalName: string },
  quota: UploadQuota,
): Promise<StoredFile> {
  const { db, store, ownerAccountId } = options
  // Refused before anything is written when the account is over already.
  await refuseOverQuota(db, ownerAccountId, options.bytes.length, quota)
  const prepared = await storeFileBytes(options)
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${ownerAccountId}`}))`)
      await refuseOverQuota(tx, ownerAccountId, options.bytes.length, quota)
      const [row] = await tx.insert(files).values(prepared).returning()
      return row!
    })
  } catch (error) {
    // Refused: no row points at the bytes. After any other failure (a commit whose answer was lost) they are
    // left to the start-up sweep, which removes only what no row points at (files/repair.ts).
    if (error instanceof AppError) await store.remove(prepared.storageKey).catch(() => {})
    throw error
  }
}

async function refuseOverQuota(db: Database, ownerAccountId: string, adding: number, quota: UploadQuota) {
  const since = new Date(Date.now() - QUOTA_WINDOW_MS)
  const [used] = await db
    .select({ bytes: sum(files.size).mapWith(Number), files: count(), oldest: min(files.createdAt) })
    .from(files)
    .where(and(eq(files.ownerAccountId, ownerAccountId), gt(files.createdAt, since)))
  if (!used || (used.files < quota.files && (used.bytes ?? 0) + adding <= quota.bytes)) return
  const freedAt = (used.oldest ?? new Date()).getTime() + QUOTA_WINDOW_MS
  throw new AppError({
    status: resultStatus.TOO_MANY_REQUESTS,
    httpStatus: 429,
    message: fileMessages.quotaReached,
    retryAfterSeconds: Math.max(1, Math.ceil((freedAt - Date.now()) / 1000)),
  })
}

/**
 * Keeps a document the service generated for its owner: the same bytes asked for again are the file kept
 * before, so reading a document twice stores nothing new.
 */
export async function saveFileOnce(options: { db: Database; store: FileStore; ownerAccountId: string; bytes: Buffer; originalName: string }): Promise<{ id: string }> {
  const { db } = options
  const sha256 = createHash('sha256').update(options.bytes).digest('hex')
  const [existing] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerAccountId, options.ownerAccountId), eq(files.sha256, sha256)))
    .limit(1)
  return existing ?? saveFile(options)
}

/**
 * The first half of saving a file: checks the bytes and writes them durably to the store, answering the
 * row to insert. A flow that records the file together with what points at it inserts the row in its own
 * transaction (decisions.md "Crash safety"); should it never commit, the stored bytes are an orphan that
 * start-up removes (files/repair.ts).
 */
export async function storeFileBytes(options: {
  store: FileStore
  ownerAccountId: string | null
  bytes: Buffer
  originalName: string
  /** The upload limit unless said: a sealed copy of a PDF within it is larger by its signatures. */
  maxBytes?: number
  /** The bytes' SHA-256 (hex), when the caller has just computed it: a sealed PDF is hashed once, not twice. */
  sha256?: string
}): Promise<PreparedFile> {
  const { store, bytes } = options
  if (bytes.length === 0) throw businessError(fileMessages.empty)
  if (bytes.length > (options.maxBytes ?? MAX_UPLOAD_BYTES)) throw businessError(fileMessages.tooLarge)
  const detected = await fileTypeFromBuffer(bytes)
  const mediaType = detected?.mime
  if (!mediaType || !isAccepted(mediaType)) throw businessError(fileMessages.wrongType)

  const now = new Date()
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`
  await store.put(storageKey, bytes)
  return {
    id: randomUUID(),
    ownerAccountId: options.ownerAccountId,
    originalName: sanitizeName(options.originalName, detected.ext),
    mediaType,
    size: bytes.length,
    sha256: options.sha256 ?? createHash('sha256').update(bytes).digest('hex'),
    storageKey,
  }
}

/**
 * Whether a caller may read a stored file that is not their own. The acts that link to files answer it
 * (records/visibility.ts: the signed document of a use record the caller may see in 用章记录); app.ts
 * passes their answer down as `app.mayReadFile`, so files/ imports no act.
 */
export type FileReadCheck = (db: Database, caller: Caller, fileId: string, now: Date) => Promise<boolean>

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    mayReadFile: FileReadCheck
  }
}

/**
 * A file the caller may read: their own files, and those `mayReadFile` allows. Later features widen this,
 * always through this one function. Anything else is 文件ID不存在, the same answer as for no such file, so
 * ids cannot be probed.
 */
export async function findReadableFile(options: {
  db: Database
  caller: Caller
  fileId: string
  now: Date
  mayReadFile: FileReadCheck
}): Promise<StoredFile> {
  const { db, caller, fileId, now } = options
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1)
  if (row && (row.ownerAccountId === caller.accountId || (await options.mayReadFile(db, caller, row.id, now)))) return row
  throw notFound('文件ID不存在')
}

export async function findFileById(db: Database, fileId: string): Promise<StoredFile> {
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1)
  if (!row) throw notFound('文件ID不存在')
  return row
}

/**
 * A short-lived token for one file, for links opened outside our request layer (an <iframe>, a new tab)
 * that cannot carry the bearer header: `fileId.expiry.hmac`.
 */
export function createAccessToken(key: Buffer, fileId: string, now = Date.now(), ttlMs = ACCESS_TOKEN_TTL_MS): string {
  const expiry = now + ttlMs
  return `${expiry}.${sign(key, fileId, expiry)}`
}

/**
 * A link that serves one file for a short while to whoever holds it (GET /seal-apply/file/download/:id):
 * for an <iframe>, a new tab, or an operator reading an application's documents.
 */
export function previewLink(key: Buffer, fileId: string, now = Date.now()): { url: string; expiresAt: number } {
  const token = createAccessToken(key, fileId, now)
  return {
    url: `/api/seal-apply/file/download/${fileId}?preview=true&access_token=${encodeURIComponent(token)}`,
    expiresAt: Number(token.split('.')[0]),
  }
}

export function verifyAccessToken(key: Buffer, fileId: string, token: string, now = Date.now()): boolean {
  const [expiryText, mac] = token.split('.')
  const expiry = Number(expiryText)
  if (!mac || !Number.isFinite(expiry) || expiry < now) return false
  const expected = Buffer.from(sign(key, fileId, expiry))
  const given = Buffer.from(mac)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

function sign(key: Buffer, fileId: string, expiry: number): string {
  return createHmac('sha256', key).update(`${fileId}.${expiry}`).digest('base64url')
}

function isAccepted(mediaType: string): mediaType is AcceptedMediaType {
  return (ACCEPTED_MEDIA_TYPES as readonly string[]).includes(mediaType)
}

/** Keeps a display name only: no path parts, no control characters, the real extension. */
function sanitizeName(name: string, ext: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f]/g, '').slice(0, 120)
  const stem = base.replace(/\.[^.]*$/, '') || 'file'
  return `${stem}.${ext}`
}
