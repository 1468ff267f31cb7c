import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { idCardSchemaWith } from '@seal/shared/rules/id-card'
import { mobilePhoneSchema } from '@seal/shared/rules/phone'
import { personNameSchema } from '@seal/shared/rules/names'
import { envelopeOf } from '../plugins/schemas.ts'
import { addUnitMembers } from './queries.ts'
import { routeRoles } from '@seal/shared/api/operators'
import { operatorRoutes } from '../plugins/caller.ts'

const membersBody = z.object({
  members: z
    .array(z.object({ name: personNameSchema, phone: mobilePhoneSchema, identityNo: idCardSchemaWith('请输入正确的身份证') }))
    .min(1)
    .max(500),
})

/**
 * The operator's call to maintain a unit's organisation directory (/select-seal-user picks seal users from
 * it), standing in for the PC-side maintenance the spec's 当前组织架构为空 message points to. Admin token only.
 */
export const sealAuthAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.adminRead, write: routeRoles.adminWrite }))

  app.post(
    '/admin/units/:socialCreditCode/members',
    {
      schema: {
        tags: ['admin'],
        summary: '添加单位组织架构人员（选择用章人）†',
        params: z.object({ socialCreditCode: z.string().length(18) }),
        body: membersBody,
        response: { 200: envelopeOf(z.object({ added: z.number() })) },
      },
    },
    async (request) => ok({ added: await addUnitMembers(app.db, request.params.socialCreditCode, request.body.members) }, '保存成功'),
  )
}
