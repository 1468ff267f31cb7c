import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import { refuseOversizeImage } from '../files/image-limits.ts'
import { saveFile } from '../files/service.ts'
import type { FileStore } from '../files/store.ts'
import { FaceUnavailable, faceMessages, type FaceProvider } from './face-provider.ts'
import { faceVerifications } from './tables.ts'

const TOKEN_LIFETIME_MS = 10 * 60_000

/**
 * Face checks a person may open per hour on each face route (this one and the government app's): each costs
 * a paid provider call, and a person retrying a failed face needs a handful, not hundreds.
 */
export const FACE_CHECKS_PER_PERSON = { max: 20, timeWindow: 60 * 60_000 }
const hash = (token: string) => createHash('sha256').update(token).digest('hex')

export const faceStatus = { START: '1', SUCCESS: '2', FAIL: '3' } as const

export const faceFlowMessages = {
  identityMismatch: '证件号与登录号码不一致',
  tokenInvalid: '人脸核验已过期，请重新发起',
} as const

/**
 * `/verifySign/paasExchangeToken`: opens a face verification for the caller's own identity and returns
 * the token the face step uses. Verifying someone else's face is refused.
 */
export async function openFaceVerification(options: {
  db: Database
  caller: Caller
  idCardNo: string
  realName: string
  idType: string
}): Promise<string> {
  const { db, caller } = options
  if (
    options.idCardNo.toUpperCase() !== caller.person.identityNo ||
    options.realName !== caller.person.name
  ) {
    throw businessError(faceFlowMessages.identityMismatch)
  }
  const token = randomBytes(24).toString('base64url')
  await db.insert(faceVerifications).values({
    tokenHash: hash(token),
    identityType: options.idType,
    identityNo: caller.person.identityNo,
    realName: caller.person.name,
    requestedBy: caller.accountId,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
  })
  return token
}

/**
 * Checks a selfie for an open verification through the face provider. The selfie is kept (as a real
 * provider would receive it); the result is final for this token.
 */
export async function completeFaceVerification(options: {
  db: Database
  store: FileStore
  face: FaceProvider
  caller: Caller
  token: string
  selfie: Buffer
}): Promise<{ status: string; msg: string; serialNo: string; type: 'face' }> {
  const { db, caller } = options
  const [verification] = await db
    .select()
    .from(faceVerifications)
    .where(
      and(
        eq(faceVerifications.tokenHash, hash(options.token)),
        eq(faceVerifications.requestedBy, caller.accountId),
        eq(faceVerifications.status, faceStatus.START),
        gt(faceVerifications.expiresAt, new Date()),
      ),
    )
    .limit(1)
  if (!verification) throw businessError(faceFlowMessages.tokenInvalid)
  await refuseOversizeImage(options.selfie, 'selfie')
  const result = await options.face
    .compare({ realName: verification.realName, identityNo: verification.identityNo, selfie: options.selfie })
    .catch((error: unknown) => {
      // The token stays open, so the person can try again when the service is back; no selfie is kept.
      if (error instanceof FaceUnavailable) throw businessError(faceMessages.unavailable)
      throw error
    })
  const selfieFile = await saveFile({
    db,
    store: options.store,
    ownerAccountId: caller.accountId,
    bytes: options.selfie,
    originalName: 'selfie.jpg',
  })
  const status = result.passed ? faceStatus.SUCCESS : faceStatus.FAIL
  // Final once: of two selfies sent with one token at the same moment, the first to finish decides.
  const [completed] = await db
    .update(faceVerifications)
    .set({
      status,
      message: result.message,
      score: result.score,
      selfieFileId: selfieFile.id,
      completedAt: new Date(),
    })
    .where(and(eq(faceVerifications.id, verification.id), eq(faceVerifications.status, faceStatus.START)))
    .returning({ id: faceVerifications.id })
  if (!completed) throw businessError(faceFlowMessages.tokenInvalid)
  return { status, msg: result.message, serialNo: verification.id, type: 'face' }
}

/**
 * Records a face verification another route finished (the government app's face flow, identity/gov): the
 * row completeFaceVerification leaves, for the identity the caller opened it for (their own), so whatever follows a face check
 * (the login record, the personal seal's step 2, the unit verification, a PIN reset) reads it the same
 * way. Its token is never handed out, so /face/verify cannot complete it again. Answers the serial.
 */
export async function recordCompletedFaceVerification(
  db: Database,
  options: {
    requestedBy: string
    identityType: string
    identityNo: string
    realName: string
    passed: boolean
    message: string
  },
): Promise<string> {
  const now = new Date()
  const [row] = await db
    .insert(faceVerifications)
    .values({
      tokenHash: hash(randomBytes(24).toString('base64url')),
      identityType: options.identityType,
      identityNo: options.identityNo,
      realName: options.realName,
      requestedBy: options.requestedBy,
      status: options.passed ? faceStatus.SUCCESS : faceStatus.FAIL,
      message: options.message,
      expiresAt: now,
      completedAt: now,
    })
    .returning({ id: faceVerifications.id })
  return row!.id
}

/** The result of a verification by serial number (spec 002 §4: 1 start, 2 success, 3 fail). */
export async function faceResult(db: Database, caller: Caller, serialNo: string) {
  const [row] = await db
    .select()
    .from(faceVerifications)
    .where(and(eq(faceVerifications.id, serialNo), eq(faceVerifications.requestedBy, caller.accountId)))
    .limit(1)
  if (!row) throw notFound()
  return { status: row.status, msg: row.message ?? '', serialNo: row.id, type: 'face' as const }
}
