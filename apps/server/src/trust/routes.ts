import { and, eq, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { answerTimeStampRequest, timestampQueryType, timestampReplyType } from '@seal/pdf/sign/http-tsa'
import { ok } from '@seal/shared/api/envelope'
import {
  editPasswordBody,
  editPinBody,
  pinVerifyAnswer,
  pinVerifyBody,
  revokeSealAnswer,
  revokeSealBody,
  sealVerifyAnswer,
  sealVerifyBody,
} from '@seal/shared/api/seal-pin'
import { sealRole } from '@seal/shared/codes/authorization'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { recordAudit } from '../audit/record.ts'
import type { Caller } from '../auth/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError, notFound } from '../errors.ts'
import { callerOf } from '../plugins/auth.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { seals, type Seal } from '../seals/tables.ts'
import { currentCrl, loadCertificateAuthority } from './ca.ts'
import { certificateQuery } from './contracts.ts'
import { revokeSeal } from './make-seal.ts'
import { trustMessages } from './messages.ts'
import { CHANGE_KEY_TTL_MS, changeSealPin, issuePinChangeKey, resetSealPinAfterIdentityCheck, verifySealPin } from './pin.ts'
import { createAccessToken, verifyAccessToken } from '../files/service.ts'
import { sealAccess } from '../seals/roles.ts'
import { assertUsePassword, checkUsePassword, setUsePassword, usePasswordKeySubject } from '../seal-auth/service.ts'
import { sandboxTimestampAuthority } from './timestamping.ts'
import { toPem } from './x509.ts'

/**
 * The CA's public face: its certificates and its CRL, public so any verifier can fetch them (the seal
 * certificates point here). `ca.crt` is the root (the trust anchor to install) in DER, or with
 * `?format=pem` the chain issuing + root; `issuing-ca.crt` is what the certificates' caIssuers names.
 */
export const trustPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { config: { public: true } } as const

  app.get(
    '/trust/ca.crt',
    {
      ...publicRoute,
      schema: {
        tags: ['trust'],
        summary: 'CA证书：根证书（DER），或 ?format=pem 时为签发CA+根证书链',
        querystring: certificateQuery,
      },
    },
    async (request, reply) => {
      const ca = await loadCertificateAuthority(app.trust)
      if (request.query.format === 'pem') {
        const chain =
          toPem(ca.issuing.certificateDer, 'CERTIFICATE') + toPem(ca.root.certificateDer, 'CERTIFICATE')
        return reply
          .type('application/x-pem-file')
          .header('content-disposition', 'attachment; filename="seal-ca-chain.pem"')
          .send(chain)
      }
      return reply
        .type('application/pkix-cert')
        .header('content-disposition', 'attachment; filename="seal-root-ca.crt"')
        .send(Buffer.from(ca.root.certificateDer))
    },
  )

  app.get(
    '/trust/issuing-ca.crt',
    {
      ...publicRoute,
      schema: { tags: ['trust'], summary: '签发CA证书（DER）', querystring: certificateQuery },
    },
    async (request, reply) => {
      const ca = await loadCertificateAuthority(app.trust)
      if (request.query.format === 'pem')
        return reply.type('application/x-pem-file').send(toPem(ca.issuing.certificateDer, 'CERTIFICATE'))
      return reply.type('application/pkix-cert').send(Buffer.from(ca.issuing.certificateDer))
    },
  )

  app.get(
    '/trust/crl',
    {
      ...publicRoute,
      schema: {
        tags: ['trust'],
        summary: '证书吊销列表（DER，签发CA签名，7天内更新）',
        querystring: certificateQuery,
      },
    },
    async (request, reply) => {
      const der = await currentCrl(app.trust)
      if (request.query.format === 'pem')
        return reply.type('application/x-pem-file').send(toPem(der, 'X509 CRL'))
      return reply
        .type('application/pkix-crl')
        .header('cache-control', 'public, max-age=300')
        .send(Buffer.from(der))
    },
  )

  // The sandbox TSA over the RFC 3161 HTTP protocol, as a real TSA would be reached (another instance can
  // use it with TSA_PROVIDER=http). Not served when timestamps come from elsewhere or are off.
  if (app.trust.timestamping.provider !== 'sandbox') return
  app.addContentTypeParser(timestampQueryType, { parseAs: 'buffer', bodyLimit: 4096 }, (_request, body, done) => done(null, body))
  app.post(
    '/trust/tsa',
    { config: { public: true, query: true }, schema: { tags: ['trust'], summary: '沙箱时间戳服务（RFC 3161，application/timestamp-query）' } },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw businessError('请以 application/timestamp-query 提交时间戳请求')
      const answer = await answerTimeStampRequest(sandboxTimestampAuthority(app.trust), new Uint8Array(request.body))
      return reply.type(timestampReplyType).send(Buffer.from(answer))
    },
  )
}

/**
 * The seal PIN calls (spec 000 §6, §7). Only the seal's holder (the person of a personal seal, the legal
 * representative of a unit seal) or the unit's company account checks or changes the seal PIN; a manager
 * or authorised user checks and changes their own use password through the same calls (seal-auth); for
 * anyone else the seal does not exist (数据不存在).
 */
export const sealPinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seal/pinVerifyNew',
    {
      schema: {
        tags: ['trust'],
        summary: '印章密码校验',
        body: pinVerifyBody,
        response: { 200: envelopeOf(pinVerifyAnswer) },
      },
    },
    async (request) => {
      const access = await sealAccess(app.db, callerOf(request), sealReferenceOf(request.body), { now: app.trust.now() })
      const { seal } = access
      if (isCancelled(seal)) return ok({ success: false, mess: trustMessages.sealCancelled })
      // Others than the holder have their own password (000 §6 "others use the authorised-user password check").
      if (access.auth) {
        const own = await checkUsePassword(app.db, access.auth, request.body.pin, app.trust.now())
        return ok(own.ok ? { success: true, mess: trustMessages.pinVerified } : { success: false, mess: own.message })
      }
      const check = await verifySealPin(app.db, {
        sealId: seal.id,
        pin: request.body.pin,
        now: app.trust.now(),
      })
      return ok(
        check.ok
          ? { success: true, mess: trustMessages.pinVerified }
          : { success: false, mess: check.message },
      )
    },
  )

  app.post(
    '/sealAuth/sealVerify',
    {
      schema: {
        tags: ['trust'],
        summary: '验证原印章密码（修改密码第一步），通过后返回key',
        body: sealVerifyBody,
        response: { 200: envelopeOf(sealVerifyAnswer) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      assertOwnIdentity(caller, request.body.personIdentity)
      const now = app.trust.now()
      const access = await sealAccess(app.db, caller, sealReferenceOf(request.body), { now })
      const { seal } = access
      if (isCancelled(seal)) return ok({ pass: false, key: null, message: trustMessages.sealCancelled })
      if (access.auth) {
        const own = await checkUsePassword(app.db, access.auth, request.body.password, now)
        if (!own.ok) return ok({ pass: false, key: null, message: own.message })
        const key = createAccessToken(app.secrets.fileAccessKey, usePasswordKeySubject(access.auth), now.getTime(), CHANGE_KEY_TTL_MS)
        return ok({ pass: true, key, message: trustMessages.pinVerified })
      }
      const check = await verifySealPin(app.db, { sealId: seal.id, pin: request.body.password, now })
      if (!check.ok) return ok({ pass: false, key: null, message: check.message })
      const key = await issuePinChangeKey(app.db, { sealId: seal.id, personId: caller.person.id, now })
      return ok({ pass: true, key, message: trustMessages.pinVerified })
    },
  )

  app.post(
    '/sealAuth/editPassword',
    {
      schema: {
        tags: ['trust'],
        summary: '修改印章密码（凭key或原密码）',
        body: editPasswordBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const body = request.body
      assertOwnIdentity(caller, body.personIdentity)
      const access = await sealAccess(app.db, caller, sealReferenceOf(body), { now: app.trust.now() })
      const { seal } = access
      if (isCancelled(seal)) throw businessError(trustMessages.sealCancelled)
      if (access.auth) {
        const auth = access.auth
        if (body.key) {
          if (!verifyAccessToken(app.secrets.fileAccessKey, usePasswordKeySubject(auth), body.key, app.trust.now().getTime())) throw businessError(trustMessages.changeKeyInvalid)
        } else if (body.oldPassword) {
          await assertUsePassword(app.db, auth, body.oldPassword, app.trust.now())
        } else throw businessError(trustMessages.proofRequired)
        await setUsePassword(app.db, auth, body.password)
        await recordAudit(app.db, { accountId: caller.accountId, action: 'seal-auth.password.changed', target: auth.id, ip: request.ip })
        return ok(null, trustMessages.pinChanged)
      }
      const proof = body.key
        ? { key: body.key }
        : body.oldPassword
          ? { currentPin: body.oldPassword }
          : undefined
      if (!proof) throw businessError(trustMessages.proofRequired)
      await changeSealPin(app.db, {
        sealId: seal.id,
        personId: caller.person.id,
        newPin: body.password,
        proof,
        now: app.trust.now(),
      })
      await recordAudit(app.db, {
        accountId: caller.accountId,
        action: 'seal.pin.changed',
        target: seal.id,
        ip: request.ip,
      })
      return ok(null, trustMessages.pinChanged)
    },
  )

  app.post(
    '/seal/editPinNew',
    {
      schema: {
        tags: ['trust'],
        summary: '设置新印章密码（凭key，或忘记密码时凭人脸核验流水号ranId）',
        body: editPinBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const body = request.body
      const held = await sealAccess(app.db, caller, sealReferenceOf(body), { roles: holderOnly, now: app.trust.now() })
      if (
        body.socialCreditCode &&
        held.unit &&
        body.socialCreditCode.toUpperCase() !== held.unit.socialCreditCode
      )
        throw notFound()
      if (isCancelled(held.seal)) throw businessError(trustMessages.sealCancelled)
      const now = app.trust.now()
      if (body.key) {
        await changeSealPin(app.db, {
          sealId: held.seal.id,
          personId: caller.person.id,
          newPin: body.newPin,
          proof: { key: body.key },
          now,
        })
      } else if (body.ranId) {
        await resetSealPinAfterIdentityCheck(app.db, {
          sealId: held.seal.id,
          faceSerialNo: body.ranId,
          newPin: body.newPin,
          now,
        })
      } else {
        throw businessError(trustMessages.proofRequired)
      }
      await recordAudit(app.db, {
        accountId: caller.accountId,
        action: body.key ? 'seal.pin.changed' : 'seal.pin.reset',
        target: held.seal.id,
        ip: request.ip,
      })
      return ok(null, trustMessages.pinChanged)
    },
  )

  app.post(
    '/seal/revokeNew',
    {
      schema: {
        tags: ['trust'],
        summary: '注销印章（凭印章密码；单位公章可一并注销本单位其他印章）',
        body: revokeSealBody,
        response: { 200: envelopeOf(revokeSealAnswer) },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const body = request.body
      const { seal } = await sealAccess(app.db, caller, sealReferenceOf(body), { roles: holderOnly, now: app.trust.now() })
      if (isCancelled(seal)) throw businessError(trustMessages.sealCancelled)
      if (seal.status !== sealStatusWide.VALID) throw businessError(trustMessages.sealNotInEffect)
      const check = await verifySealPin(app.db, { sealId: seal.id, pin: body.pin, now: app.trust.now() })
      if (!check.ok) throw businessError(check.message)

      const cascade =
        isTicked(body.related) && seal.sealTypeCode === sealTypeCode.UNIT_OFFICIAL && seal.unitId
          ? await otherSealsInEffect(app.db, seal.unitId, seal.id)
          : []
      const revoke = (sealId: string, reason: string) =>
        revokeSeal(app.trust, { sealId, reason, revokedByPersonId: caller.person.id, actorAccountId: caller.accountId })
      // The seals it takes with it go first: should one fail, the official seal is still in effect and the
      // same call can be made again for the rest.
      for (const sealId of cascade) await revoke(sealId, trustMessages.cancelledWithOfficialSeal)
      await revoke(seal.id, trustMessages.cancelledByHolder)
      return ok({ revokedSealIds: [seal.id, ...cascade] }, messages.sealCancelled)
    },
  )
}

/** The seal PIN itself (set by face, cancellation) is the holder's alone (000 §6). */
const holderOnly = [sealRole.LEGAL_PERSON]

const isTicked = (value: boolean | string | number | null | undefined) => value === true || value === '1' || value === 1

/** The unit's other seals that still work, which cancelling its official seal takes with it. */
async function otherSealsInEffect(db: Database, unitId: string, exceptSealId: string): Promise<string[]> {
  const rows = await db
    .select({ id: seals.id })
    .from(seals)
    .where(and(eq(seals.unitId, unitId), eq(seals.status, sealStatusWide.VALID), ne(seals.id, exceptSealId)))
  return rows.map((row) => row.id)
}

/** A cancelled seal keeps its records but its PIN no longer matters: checking or changing it is refused. */
const isCancelled = (seal: Seal) =>
  seal.status === sealStatusWide.CANCELLED || seal.status === sealStatusWide.REVOKED

const sealReferenceOf = (body: {
  sealId: string
  sealCode?: string | null | undefined
  sealTypeCode?: string | null | undefined
}) => ({
  sealId: body.sealId,
  sealCode: body.sealCode ?? undefined,
  sealTypeCode: body.sealTypeCode ?? undefined,
})

/** The payload's identity number may only repeat the session's (DESIGN.md: never trust it over the session). */
function assertOwnIdentity(caller: Caller, personIdentity: string | null | undefined) {
  if (personIdentity && personIdentity.toUpperCase() !== caller.person.identityNo.toUpperCase())
    throw businessError(trustMessages.identityMismatch)
}
