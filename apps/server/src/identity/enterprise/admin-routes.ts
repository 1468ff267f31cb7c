import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import { messages } from '@seal/shared/messages'
import { creditCodeSchemaWith, unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import { idCardSchemaWith } from '@seal/shared/rules/id-card'
import { personNameSchemaWith, wizardUnitNameSchema } from '@seal/shared/rules/names'
import { businessError } from '../../errors.ts'
import { envelopeOf } from '../../plugins/schemas.ts'
import { listSandboxEnterprises, saveSandboxEnterprise } from './registry.ts'
import { sandboxEnterpriseList, sandboxRegistryQuery } from '@seal/shared/api/console'
import { sandboxOutcomes } from './sandbox-units.ts'
import { routeRoles } from '@seal/shared/api/operators'
import { operatorRoutes } from '../../plugins/caller.ts'

/** A unit for the sandbox registry, checked with the wizard's own rules (spec 001 §5). */
const sandboxEnterpriseBody = z.object({
  socialCreditCode: creditCodeSchemaWith(messages.invalidCreditCodeWizard),
  unitName: wizardUnitNameSchema,
  legalPersonName: personNameSchemaWith(messages.invalidLegalName),
  legalPersonIdentityNo: idCardSchemaWith(messages.invalidLegalIdNumber),
  /** Default: the type the credit code's prefix gives (06 for 115, 121, 124, 125, 135; else 02). */
  unitTypeCode: z
    .string()
    .regex(/^\d{2}$/, '单位类型须为两位数字代码')
    .optional(),
  regionCode: z
    .string()
    .regex(/^\d{6}$/, '注册地须为六位行政区划代码')
    .optional(),
  outcome: z.enum(sandboxOutcomes, '核验结果须为 normal、40075 或 timeout').default('normal'),
})

const sandboxEnterprise = z.object({
  socialCreditCode: z.string(),
  unitName: z.string(),
  legalPersonName: z.string(),
  legalPersonIdentityNo: z.string(),
  unitTypeCode: z.string(),
  regionCode: z.string().nullable(),
  outcome: z.enum(sandboxOutcomes),
})

/**
 * The operator's call to add or replace a unit of the sandbox enterprise registry (docs/providers.md
 * "Enterprise verification"), so any outcome of the unit verification can be produced on purpose.
 * Guarded by the admin token like every `admin` route; refused when verification is not sandboxed. The list
 * (the console's sandbox registry page) exists only while verification is sandboxed.
 */
export const sandboxEnterpriseAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.adminRead, write: routeRoles.adminWrite }))

  if (app.providers.enterprise.kind === 'sandbox') {
    app.get(
      '/admin/sandbox/enterprises',
      {
        schema: {
          tags: ['admin'],
          summary: '沙箱单位核验登记的单位（按统一社会信用代码，游标分页）†',
          querystring: sandboxRegistryQuery,
          response: { 200: envelopeOf(sandboxEnterpriseList) },
        },
      },
      async (request) => {
        const page = await listSandboxEnterprises(app.db, request.query)
        return ok({
          ...page,
          records: page.records.map((row) => ({ ...row, createdAt: row.createdAt.getTime() })),
        })
      },
    )
  }

  app.post(
    '/admin/sandbox/enterprises',
    {
      schema: {
        tags: ['admin'],
        summary: '添加或替换沙箱单位核验登记的单位 †',
        body: sandboxEnterpriseBody,
        response: { 200: envelopeOf(sandboxEnterprise) },
      },
    },
    async (request) => {
      if (app.providers.enterprise.kind !== 'sandbox')
        throw businessError('单位核验未使用沙箱，不能添加沙箱单位')
      const { unitTypeCode, regionCode, ...unit } = request.body
      const saved = await saveSandboxEnterprise(app.db, {
        ...unit,
        unitTypeCode: unitTypeCode ?? unitTypeOfCreditCode(unit.socialCreditCode),
        regionCode: regionCode ?? null,
      })
      return ok(
        {
          socialCreditCode: saved.socialCreditCode,
          unitName: saved.unitName,
          legalPersonName: saved.legalPersonName,
          legalPersonIdentityNo: saved.legalPersonIdentityNo,
          unitTypeCode: saved.unitTypeCode,
          regionCode: saved.regionCode,
          outcome: saved.outcome,
        },
        '保存成功',
      )
    },
  )
}
