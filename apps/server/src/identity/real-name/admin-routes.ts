import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { idCardSchema } from '@seal/shared/rules/id-card'
import { personNameSchema } from '@seal/shared/rules/names'
import { mobilePhoneSchema } from '@seal/shared/rules/phone'
import { businessError } from '../../errors.ts'
import { envelopeOf } from '../../plugins/schemas.ts'
import { listSandboxPersons, saveSandboxPerson } from './registry.ts'
import { sandboxPersonList, sandboxRegistryQuery } from '@seal/shared/api/console'
import { sandboxPersonOutcomes } from './sandbox-persons.ts'
import { routeRoles } from '@seal/shared/api/operators'
import { operatorRoutes } from '../../plugins/caller.ts'

const sandboxPersonBody = z.object({
  phone: mobilePhoneSchema,
  name: personNameSchema,
  identityNo: idCardSchema,
  outcome: z.enum(sandboxPersonOutcomes, '核验结果须为 normal 或 timeout').default('normal'),
})

const sandboxPerson = z.object({
  phone: z.string(),
  name: z.string(),
  identityNo: z.string(),
  outcome: z.enum(sandboxPersonOutcomes),
})

/**
 * The operator's call to add or replace a person of the sandbox real-name registry (docs/providers.md
 * "Real-name verification"): the phone is then registered to that name and ID number, so pass, mismatch
 * and timeout can be produced on purpose (a phone not in the registry is unknown). Admin token only;
 * refused when the real-name check is not sandboxed. The list (the console's sandbox registry page) exists
 * only while the real-name check is sandboxed.
 */
export const sandboxPersonAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.adminRead, write: routeRoles.adminWrite }))

  if (app.providers.realName.kind === 'sandbox') {
    app.get(
      '/admin/sandbox/persons',
      {
        schema: {
          tags: ['admin'],
          summary: '沙箱实名登记的人员（按手机号，游标分页）†',
          querystring: sandboxRegistryQuery,
          response: { 200: envelopeOf(sandboxPersonList) },
        },
      },
      async (request) => {
        const page = await listSandboxPersons(app.db, request.query)
        return ok({
          ...page,
          records: page.records.map((row) => ({ ...row, createdAt: row.createdAt.getTime() })),
        })
      },
    )
  }

  app.post(
    '/admin/sandbox/persons',
    {
      schema: {
        tags: ['admin'],
        summary: '添加或替换沙箱实名登记的人员（手机号、姓名、身份证号）†',
        body: sandboxPersonBody,
        response: { 200: envelopeOf(sandboxPerson) },
      },
    },
    async (request) => {
      if (app.providers.realName.kind !== 'sandbox')
        throw businessError('实名核验未使用沙箱，不能添加沙箱人员')
      const saved = await saveSandboxPerson(app.db, request.body)
      return ok(
        { phone: saved.phone, name: saved.name, identityNo: saved.identityNo, outcome: saved.outcome },
        '保存成功',
      )
    },
  )
}
