import { and, eq, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { revokeSealAnswer, revokeSealBody } from '@seal/shared/api/seal-pin'
import { sealRole } from '@seal/shared/codes/authorization'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { revokeSeal } from './make-seal.ts'
import { trustMessages } from '../trust/messages.ts'
import { verifySealPin } from '../trust/pin.ts'
import { sealAccess, sealReferenceOf } from './roles.ts'
import { seals } from './tables.ts'

/**
 * 注销印章: the holder alone (the person of a personal seal, the legal representative of a unit
 * seal, or the unit's company account) cancels a seal in effect with its PIN; cancelling a unit's official
 * seal may take the unit's other seals in effect with it.
 */
export const sealRevokeRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { seal } = await sealAccess(app.db, caller, sealReferenceOf(body), {
        roles: [sealRole.LEGAL_PERSON],
        now: app.trust.now(),
      })
      if (seal.status === sealStatusWide.CANCELLED || seal.status === sealStatusWide.REVOKED)
        throw businessError(trustMessages.sealCancelled)
      if (seal.status !== sealStatusWide.VALID) throw businessError(trustMessages.sealNotInEffect)
      const check = await verifySealPin(app.db, { sealId: seal.id, pin: body.pin, now: app.trust.now() })
      if (!check.ok) throw businessError(check.message)

      const cascade =
        isTicked(body.related) && seal.sealTypeCode === sealTypeCode.UNIT_OFFICIAL && seal.unitId
          ? await otherSealsInEffect(app.db, seal.unitId, seal.id)
          : []
      const revoke = (sealId: string, reason: string) =>
        revokeSeal(app.trust, {
          sealId,
          reason,
          revokedByPersonId: caller.person.id,
          actorAccountId: caller.accountId,
        })
      // The seals it takes with it go first: should one fail, the official seal is still in effect and the
      // same call can be made again for the rest.
      for (const sealId of cascade) await revoke(sealId, trustMessages.cancelledWithOfficialSeal)
      await revoke(seal.id, trustMessages.cancelledByHolder)
      return ok({ revokedSealIds: [seal.id, ...cascade] }, messages.sealCancelled)
    },
  )
}

const isTicked = (value: boolean | string | number | null | undefined) =>
  value === true || value === '1' || value === 1

/** The unit's other seals that still work, which cancelling its official seal takes with it. */
async function otherSealsInEffect(db: Database, unitId: string, exceptSealId: string): Promise<string[]> {
  const rows = await db
    .select({ id: seals.id })
    .from(seals)
    .where(and(eq(seals.unitId, unitId), eq(seals.status, sealStatusWide.VALID), ne(seals.id, exceptSealId)))
  return rows.map((row) => row.id)
}
