import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { editPasswordBody, editPinBody, pinVerifyAnswer, pinVerifyBody, sealVerifyAnswer, sealVerifyBody } from '@seal/shared/api/seal-pin'
import { sealRole } from '@seal/shared/codes/authorization'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { recordAudit } from '../audit/record.ts'
import type { Caller } from '../plugins/caller.ts'
import { businessError, notFound } from '../errors.ts'
import { createAccessToken, verifyAccessToken } from '../files/service.ts'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { sealAccess, sealReferenceOf } from '../seals/roles.ts'
import type { Seal } from '../seals/tables.ts'
import { assertUsePassword, checkUsePassword, setUsePassword, usePasswordKeySubject } from '../seals/use-password.ts'
import { trustMessages } from '../trust/messages.ts'
import { CHANGE_KEY_TTL_MS, changeSealPin, issuePinChangeKey, resetSealPinAfterIdentityCheck, verifySealPin } from '../trust/pin.ts'

/**
 * The seal PIN calls (spec 000 §6, §7). Only the seal's holder (the person of a personal seal, the legal
 * representative of a unit seal) or the unit's company account checks or changes the seal PIN; a manager
 * or authorised user checks and changes their own use password through the same calls; for
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
      if (isPendingActivation(seal)) return ok({ success: false, mess: trustMessages.sealNotActivated })
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
      if (isPendingActivation(seal)) return ok({ pass: false, key: null, message: trustMessages.sealNotActivated })
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
      if (isPendingActivation(seal)) throw businessError(trustMessages.sealNotActivated)
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
      if (isPendingActivation(held.seal)) throw businessError(trustMessages.sealNotActivated)
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
          holder: held.holder,
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
}

/** The seal PIN itself (set by face) is the holder's alone (000 §6). */
const holderOnly = [sealRole.LEGAL_PERSON]

/** A cancelled seal keeps its records but its PIN no longer matters: checking or changing it is refused. */
const isCancelled = (seal: Seal) =>
  seal.status === sealStatusWide.CANCELLED || seal.status === sealStatusWide.REVOKED

/**
 * A seal waiting for activation has no PIN of the holder's yet: activation (POST /seal/activeSealNew) sets it
 * after he shows his ID card, and no other door may check or set it first (issue #21 §3).
 */
const isPendingActivation = (seal: Seal) => seal.status === sealStatusWide.PENDING_ACTIVATION

/** The payload's identity number may only repeat the session's (DESIGN.md: never trust it over the session). */
function assertOwnIdentity(caller: Caller, personIdentity: string | null | undefined) {
  if (personIdentity && personIdentity.toUpperCase() !== caller.person.identityNo.toUpperCase())
    throw businessError(trustMessages.identityMismatch)
}
