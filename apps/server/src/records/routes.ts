import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { USE_RECORD_MAX_PAGE_SIZE, useRecordItem, useRecordQueryBody } from '@seal/shared/api/use-records'
import { callerOf } from '../plugins/auth.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { sealHeldByCaller } from '../trust/seal-holder.ts'
import { querySealUseRecords } from './use-records.ts'

/**
 * 用章记录 (spec 000 §2, §7): the use records of one seal, for whoever holds it (the person, the unit's
 * legal representative, the unit's company account); for anyone else the seal does not exist.
 * Authorised users, who see only their own records, come with the authorization flows.
 */
export const useRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signSealLog/queryByTypeAndSocialCreditCode',
    { config: { query: true }, schema: { tags: ['seals'], summary: '用章记录：按使用人、时间段、关键字查询，分页', body: useRecordQueryBody, response: { 200: envelopeOf(z.array(useRecordItem)) } } },
    async (request) => {
      const query = request.body
      const pageSize = query.pageSize ?? USE_RECORD_MAX_PAGE_SIZE
      const { seal } = await sealHeldByCaller(app.db, callerOf(request), {
        sealId: query.sealId,
        sealTypeCode: query.sealTypeCode ?? undefined,
      })
      const records = await querySealUseRecords(app.db, {
        sealIds: [seal.id],
        userName: query.userName?.trim() || undefined,
        keyword: query.remark?.trim() || undefined,
        from: query.startTime ? new Date(query.startTime) : undefined,
        to: query.endTime ? new Date(query.endTime) : undefined,
        limit: pageSize,
        offset: ((query.pageNum ?? 1) - 1) * pageSize,
        afterId: query.lastId ?? undefined,
      })
      return ok(records.map((record) => ({ ...record, sealName: seal.sealName })))
    },
  )
}
