import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { fourElementsAnswer, fourElementsBody } from '@seal/shared/api/unit-apply'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { verifyUnit } from './verification.ts'

/**
 * The unit verification of the new wizard's step 1 (spec 001 §4 "Step 1 continue", §7, §8). The outer
 * envelope is '00' whenever the check ran; its verdict ('00', '40075', a failure) is inside `data`.
 */
export const unitVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apply/fourElementsOfEnterpriseVerification',
    {
      schema: {
        tags: ['unit-apply'],
        summary: '单位核验（四要素或营业执照核验，法人申请另需本人人脸识别），60 秒超时',
        body: fourElementsBody,
        response: { 200: envelopeOf(fourElementsAnswer) },
      },
    },
    async (request) => ok(await verifyUnit({ db: app.db, enterprise: app.providers.enterprise, caller: callerOf(request), body: request.body })),
  )
}
