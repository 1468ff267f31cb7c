import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  activationMessages,
  activeSealNewAnswer,
  activeSealNewBody,
  activeSealPreAnswer,
  activeSealPreBody,
  queryWaitActiveBody,
  waitActiveSeal,
} from '@seal/shared/api/activation'
import { ok } from '@seal/shared/api/envelope'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { sealReferenceOf } from '../seals/roles.ts'
import { activateSeal, issueActivationRanId, sealsWaitingForCaller } from './service.ts'

const tags = ['activation']

/**
 * Activation (spec 000 §2, 001 §2 "Activation", §7 "Activation"; issue #21 §3): a seal made from offline
 * materials waits (wide status 4) until the unit's verified legal representative shows his ID card and sets
 * a new seal password. † marks a path the spec does not show, named by us.
 */
export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seal/queryWaitActive',
    {
      config: { query: true },
      schema: { tags, summary: '待激活的印章（本人为法定代表人的单位）†', body: queryWaitActiveBody.optional(), response: { 200: envelopeOf(z.array(waitActiveSeal)) } },
    },
    async (request) =>
      ok(
        await sealsWaitingForCaller({
          db: app.db,
          caller: callerOf(request),
          picture: (request.body?.needPic ?? true) ? { fileAccessKey: app.secrets.fileAccessKey } : null,
          socialCreditCode: request.body?.socialCreditCode,
        }),
      ),
  )

  app.post(
    '/seal/activeSealPre',
    {
      schema: { tags, summary: '激活前上传法定代表人身份证件，返回ranId †', body: activeSealPreBody, response: { 200: envelopeOf(activeSealPreAnswer) } },
    },
    async (request) => {
      const { id, personFront, personBack } = request.body
      return ok(
        await issueActivationRanId({
          db: app.db,
          store: app.files,
          ocr: app.providers.ocr,
          caller: callerOf(request),
          reference: sealReferenceOf({ ...request.body, sealId: id }),
          front: personFront,
          back: personBack,
          now: app.trust.now(),
          ip: request.ip,
        }),
      )
    },
  )

  app.post(
    '/seal/activeSealNew',
    { schema: { tags, summary: '激活印章：设置新印章密码', body: activeSealNewBody, response: { 200: envelopeOf(activeSealNewAnswer) } } },
    async (request) => {
      const body = request.body
      const answer = await activateSeal({
        trust: app.trust,
        caller: callerOf(request),
        reference: sealReferenceOf(body),
        ranId: body.ranId,
        newPin: body.newPin,
        socialCreditCode: body.socialCreditCode,
        ip: request.ip,
      })
      return ok(answer, activationMessages.activated)
    },
  )
}
