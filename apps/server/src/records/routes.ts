import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { USE_RECORD_MAX_PAGE_SIZE, useRecordItem, useRecordQueryBody } from '@seal/shared/api/use-records'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { sealAccess } from '../seals/roles.ts'
import { querySealUseRecords } from './use-records.ts'
import { useRecordsOnlyOf } from './visibility.ts'

/**
 * 用章记录 (spec 000 §2, §7): the use records of one seal, for anyone with a role on it (seals/roles.ts):
 * the holder and managers see every use, an authorised user (role 3) only their own (000 §6,
 * records/visibility.ts, which also decides who reads a record's document); for anyone else the seal does
 * not exist.
 */
export const useRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signSealLog/queryByTypeAndSocialCreditCode',
    { config: { query: true }, schema: { tags: ['seals'], summary: '用章记录：按使用人、时间段、关键字查询，分页', body: useRecordQueryBody, response: { 200: envelopeOf(z.array(useRecordItem)) } } },
    async (request) => {
      const query = request.body
      const pageSize = query.pageSize ?? USE_RECORD_MAX_PAGE_SIZE
      const caller = callerOf(request)
      const { seal, role } = await sealAccess(app.db, caller, { sealId: query.sealId, sealTypeCode: query.sealTypeCode ?? undefined }, { now: app.trust.now() })
      const records = await querySealUseRecords(app.db, {
        sealIds: [seal.id],
        userName: query.userName?.trim() || undefined,
        userPersonId: useRecordsOnlyOf(caller, role),
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
