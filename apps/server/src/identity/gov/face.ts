import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { YkbFaceResult, YkbTicket } from '@seal/shared/api/gov'
import type { Database } from '../../db/client.ts'
import { businessError } from '../../errors.ts'
import type { Caller } from '../../plugins/caller.ts'
import { faceFlowMessages, recordCompletedFaceVerification } from '../face.ts'
import { GovFaceTimeout, GovFaceUnavailable, type GovFaceProvider } from './face-provider.ts'
import { govFaceTickets } from './tables.ts'

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

/** A ticket is good for 5 minutes at most (less when the platform says so); the client waits 60 s for a result. */
export const GOV_FACE_TICKET_MAX_MS = 5 * 60_000

export const govFaceMessages = {
  identityMismatch: faceFlowMessages.identityMismatch,
  authCodeInvalid: '政务服务授权已失效，请重新发起人脸核验',
  appUserDiffers: '政务服务应用的登录账号与当前登录人不一致',
  ticketInvalid: '人脸核验票据无效，请重新发起',
  ticketUsed: '人脸核验票据已使用，请重新发起',
  ticketExpired: faceFlowMessages.tokenInvalid,
  querying: '人脸核验结果查询中',
  timeout: '政务服务人脸核验超时，请稍后重试',
  unavailable: '政务服务人脸核验暂不可用，请稍后重试',
} as const

/** A JS-API token is fetched once and shared until 5 minutes before it ends, as the platform asks of its clients. */
const tokens = new WeakMap<GovFaceProvider, { jsapiToken: string; renewAt: number }>()

/** GET /ykb/token */
export async function govJsapiToken(provider: GovFaceProvider): Promise<{ jsapiToken: string }> {
  const cached = tokens.get(provider)
  if (cached && cached.renewAt > Date.now()) return { jsapiToken: cached.jsapiToken }
  const { jsapiToken, expiresInSeconds } = await asking(() => provider.jsapiToken())
  tokens.set(provider, { jsapiToken, renewAt: Date.now() + Math.max(0, expiresInSeconds - 300) * 1000 })
  return { jsapiToken }
}

/**
 * POST /ykb/face/ticket: opens a face check in the government app for the caller's own identity. Someone
 * else's identity is refused before the platform is asked; the platform refuses an authorisation code that
 * is spent or names another app user. Each code opens one ticket.
 */
export async function openGovFaceTicket(options: {
  db: Database
  provider: GovFaceProvider
  caller: Caller
  authCode: string
  identityType: string
  personIdentity: string
}): Promise<YkbTicket> {
  const { db, caller } = options
  const person = caller.person
  if (
    options.personIdentity.trim().toUpperCase() !== person.identityNo.toUpperCase() ||
    options.identityType !== person.identityType
  ) {
    throw businessError(govFaceMessages.identityMismatch)
  }
  const authCodeHash = hash(options.authCode)
  const [spent] = await db
    .select({ id: govFaceTickets.id })
    .from(govFaceTickets)
    .where(eq(govFaceTickets.authCodeHash, authCodeHash))
    .limit(1)
  if (spent) throw businessError(govFaceMessages.authCodeInvalid)
  const opened = await asking(() =>
    options.provider.openFace({
      authCode: options.authCode,
      identityType: person.identityType,
      identityNo: person.identityNo,
      name: person.name,
    }),
  )
  if (!opened.ok)
    throw businessError(
      opened.refusal === 'identity' ? govFaceMessages.appUserDiffers : govFaceMessages.authCodeInvalid,
    )
  const expiresAt = new Date(Date.now() + Math.min(GOV_FACE_TICKET_MAX_MS, opened.expiresInSeconds * 1000))
  const inserted = await db
    .insert(govFaceTickets)
    .values({
      ticketHash: hash(opened.ticket),
      authCodeHash,
      requestedBy: caller.accountId,
      personId: person.id,
      identityType: person.identityType,
      identityNo: person.identityNo,
      realName: person.name,
      provider: options.provider.kind,
      expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: govFaceTickets.id })
  // The same code sent twice at once: the platform may have opened two tickets, we keep one.
  if (inserted.length === 0) throw businessError(govFaceMessages.authCodeInvalid)
  return { ticket: opened.ticket, expiresAt: expiresAt.getTime() }
}

/**
 * POST /ykb/face/result: PENDING while the face check is under way; the final SUCCESS or FAILED is answered
 * once, with the serial of the face verification it became (what every face step accepts), and spends the
 * ticket. Another account's ticket is answered as an unknown one.
 */
export async function govFaceResult(options: {
  db: Database
  provider: GovFaceProvider
  caller: Caller
  ticket: string
}): Promise<YkbFaceResult> {
  const { db, caller } = options
  const [row] = await db
    .select()
    .from(govFaceTickets)
    .where(
      and(
        eq(govFaceTickets.ticketHash, hash(options.ticket)),
        eq(govFaceTickets.requestedBy, caller.accountId),
      ),
    )
    .limit(1)
  if (!row) throw businessError(govFaceMessages.ticketInvalid)
  if (row.status !== 'PENDING') throw businessError(govFaceMessages.ticketUsed)
  if (row.expiresAt <= new Date()) throw businessError(govFaceMessages.ticketExpired)

  let outcome: Awaited<ReturnType<GovFaceProvider['faceResult']>>
  try {
    outcome = await options.provider.faceResult(options.ticket)
  } catch (error) {
    // A slow answer is not a verdict: the client asks again in a second.
    if (error instanceof GovFaceTimeout) return { status: 'PENDING', msg: govFaceMessages.querying }
    if (error instanceof GovFaceUnavailable) throw businessError(govFaceMessages.unavailable)
    throw error
  }
  if (outcome.status === 'PENDING') return { status: 'PENDING', msg: outcome.msg || govFaceMessages.querying }

  const { status } = outcome
  const msg = outcome.msg || (status === 'SUCCESS' ? '人脸核验通过' : '人脸核验失败，请重试')
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(govFaceTickets)
      .set({ status, msg, completedAt: new Date() })
      .where(and(eq(govFaceTickets.id, row.id), eq(govFaceTickets.status, 'PENDING')))
      .returning({ id: govFaceTickets.id })
    if (!claimed) throw businessError(govFaceMessages.ticketUsed)
    const serialNo = await recordCompletedFaceVerification(tx as unknown as Database, {
      requestedBy: row.requestedBy,
      identityType: row.identityType,
      identityNo: row.identityNo,
      realName: row.realName,
      passed: status === 'SUCCESS',
      message: msg,
    })
    await tx.update(govFaceTickets).set({ faceVerificationId: serialNo }).where(eq(govFaceTickets.id, row.id))
    return { status, msg, serialNo }
  })
}

/** A question to the platform whose failure is said to the person as a business error. */
async function asking<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question()
  } catch (error) {
    if (error instanceof GovFaceTimeout) throw businessError(govFaceMessages.timeout)
    if (error instanceof GovFaceUnavailable) throw businessError(govFaceMessages.unavailable)
    throw error
  }
}
