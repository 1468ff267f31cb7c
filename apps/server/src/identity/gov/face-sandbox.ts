import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { faceMessages, sandboxFaceProvider } from '../face-provider.ts'
import { sandboxPersons } from '../tables.ts'
import type { GovFaceProvider, SandboxGovApp } from './face-provider.ts'
import { sandboxGovAuthCodes, sandboxGovFaces } from './tables.ts'

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

const JSAPI_TOKEN_SECONDS = 7200
const AUTH_CODE_MS = 5 * 60_000
const TICKET_SECONDS = 300

/** What the sandbox platform says (docs/providers.md "Government-app face"). */
export const sandboxGovFaceMessages = {
  waiting: '等待在政务服务应用中完成人脸核验',
  processing: '人脸核验处理中',
  unknownPerson: '未查询到该身份的实名认证信息',
  nameDiffers: '姓名与证件号码不一致',
  expired: '人脸核验已过期，请重新发起',
  unknownTicket: '人脸核验票据无效',
} as const

/**
 * The sandbox government platform, deterministic and answering from the sandbox person registry
 * (sandbox_persons, the persons a real-name record exists for):
 * - a JS-API token is signed by a key of this process and valid 2 hours; an authorisation code is issued by
 *   the stand-in app for its user, single-use, valid 5 minutes; a ticket is valid 5 minutes;
 * - the face result is PENDING until the app has taken the face; then an ID number the registry does not
 *   hold FAILS (未查询到该身份的实名认证信息), one it holds under another name FAILS (姓名与证件号码不一致),
 *   one whose registry outcome is `timeout` stays PENDING for ever (the client gives up after 60 s), and
 *   any other is judged as the sandbox face check judges (a real, lit photo; the documented failing names
 *   and ID numbers fail as a mismatch).
 */
export function sandboxGovFaceProvider(options: {
  db: Database
}): GovFaceProvider & { sandbox: SandboxGovApp } {
  const { db } = options
  const key = randomBytes(32)
  const sign = (expires: string) => createHmac('sha256', key).update(expires).digest('base64url')
  const tokenValid = (token: string) => {
    const [expires, signature] = token.split('.')
    if (!expires || !signature || !/^\d{1,15}$/.test(expires)) return false
    const expected = Buffer.from(sign(expires))
    const given = Buffer.from(signature)
    return (
      expected.length === given.length && timingSafeEqual(expected, given) && Number(expires) > Date.now()
    )
  }
  const face = sandboxFaceProvider()

  return {
    kind: 'sandbox',
    async jsapiToken() {
      const expires = String(Date.now() + JSAPI_TOKEN_SECONDS * 1000)
      return { jsapiToken: `${expires}.${sign(expires)}`, expiresInSeconds: JSAPI_TOKEN_SECONDS }
    },

    async openFace({ authCode, identityType, identityNo, name }) {
      const [code] = await db
        .update(sandboxGovAuthCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(sandboxGovAuthCodes.codeHash, hash(authCode)),
            isNull(sandboxGovAuthCodes.usedAt),
            gt(sandboxGovAuthCodes.expiresAt, new Date()),
          ),
        )
        .returning()
      if (!code) return { ok: false, refusal: 'authCode' }
      if (
        code.identityType !== identityType ||
        code.identityNo !== identityNo.toUpperCase() ||
        code.name !== name
      )
        return { ok: false, refusal: 'identity' }
      const ticket = randomBytes(24).toString('base64url')
      await db.insert(sandboxGovFaces).values({
        ticketHash: hash(ticket),
        identityType,
        identityNo: code.identityNo,
        name: code.name,
        msg: sandboxGovFaceMessages.waiting,
        expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000),
      })
      return { ok: true, ticket, expiresInSeconds: TICKET_SECONDS }
    },

    async faceResult(ticket) {
      const [row] = await db
        .select()
        .from(sandboxGovFaces)
        .where(eq(sandboxGovFaces.ticketHash, hash(ticket)))
        .limit(1)
      if (!row) return { status: 'FAILED', msg: sandboxGovFaceMessages.unknownTicket }
      if (row.status === 'PENDING' && !row.capturedAt && row.expiresAt <= new Date())
        return { status: 'FAILED', msg: sandboxGovFaceMessages.expired }
      return { status: row.status, msg: row.msg ?? '' }
    },

    sandbox: {
      async issueAuthCode({ jsapiToken, identityType, identityNo, name }) {
        if (!tokenValid(jsapiToken)) return null
        const code = randomBytes(18).toString('base64url')
        await db.insert(sandboxGovAuthCodes).values({
          codeHash: hash(code),
          identityType,
          identityNo: identityNo.trim().toUpperCase(),
          name: name.trim(),
          expiresAt: new Date(Date.now() + AUTH_CODE_MS),
        })
        return code
      },

      async capture({ ticket, selfie, keepSelfie }) {
        // One capture per ticket, before it expires: the conditional update is the lock.
        const [row] = await db
          .update(sandboxGovFaces)
          .set({ capturedAt: new Date(), msg: sandboxGovFaceMessages.processing })
          .where(
            and(
              eq(sandboxGovFaces.ticketHash, hash(ticket)),
              eq(sandboxGovFaces.status, 'PENDING'),
              isNull(sandboxGovFaces.capturedAt),
              gt(sandboxGovFaces.expiresAt, new Date()),
            ),
          )
          .returning()
        if (!row) return false
        // Kept as a real platform keeps what its app sent.
        const selfieFileId = await keepSelfie()
        const verdict = await decide(db, face, { name: row.name, identityNo: row.identityNo, selfie })
        await db
          .update(sandboxGovFaces)
          .set({ selfieFileId, ...verdict })
          .where(eq(sandboxGovFaces.ticketHash, row.ticketHash))
        return true
      },
    },
  }
}

/** The platform's verdict on a face it took, or undefined while it keeps the check pending (registry outcome `timeout`). */
async function decide(
  db: Database,
  face: ReturnType<typeof sandboxFaceProvider>,
  input: { name: string; identityNo: string; selfie: Buffer },
): Promise<{ status: 'SUCCESS' | 'FAILED'; msg: string } | undefined> {
  const records = await db
    .select()
    .from(sandboxPersons)
    .where(eq(sandboxPersons.identityNo, input.identityNo))
  if (records.length === 0) return { status: 'FAILED', msg: sandboxGovFaceMessages.unknownPerson }
  const record = records.find((person) => person.name === input.name)
  if (!record) return { status: 'FAILED', msg: sandboxGovFaceMessages.nameDiffers }
  if (record.outcome === 'timeout') return undefined
  const comparison = await face.compare({
    realName: input.name,
    identityNo: input.identityNo,
    selfie: input.selfie,
  })
  return comparison.passed
    ? { status: 'SUCCESS', msg: faceMessages.passed }
    : { status: 'FAILED', msg: comparison.message }
}
