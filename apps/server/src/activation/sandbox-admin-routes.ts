import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { ok } from '@seal/shared/api/envelope'
import { messages } from '@seal/shared/messages'
import { creditCodeSchemaWith, unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import { idCardSchemaWith } from '@seal/shared/rules/id-card'
import { personNameSchemaWith, wizardUnitNameSchema } from '@seal/shared/rules/names'
import { mobilePhoneSchema } from '@seal/shared/rules/phone'
import { sealNameFor } from '@seal/shared/rules/seal-names'
import { persons, units } from '../auth/tables.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { routeRoles } from '@seal/shared/api/operators'
import { operatorRoutes } from '../plugins/caller.ts'

const YEAR_MS = 365 * 86_400_000

const pendingSealBody = z.object({
  socialCreditCode: creditCodeSchemaWith(messages.invalidCreditCodeWizard),
  unitName: wizardUnitNameSchema,
  legalPersonName: personNameSchemaWith(messages.invalidLegalName),
  legalPersonIdentityNo: idCardSchemaWith(messages.invalidLegalIdNumber),
  legalTel: mobilePhoneSchema,
  /** The types drawn as an organisation's seal (a legal representative's name seal, 05, is his own picture). */
  sealTypeCode: z.enum(['01', '02', '03', '04'], '印章类型须为01至04'),
})

const pendingSeal = z.object({ sealId: z.string(), sealName: z.string(), sealTypeCode: z.string(), sealCode: z.string(), status: z.string() })

/**
 * The operator's sandbox call standing in for the offline road's end (issue #21 §1–2, built elsewhere): the
 * unit on record with its legal representative (registered now if new, as an approved application registers
 * them) and one seal of it made as offline materials make it — waiting for activation (4), without a PIN.
 * Admin token only, like every `admin` route; refused unless every provider is the sandbox, so no
 * deployment that talks to real vendors can make a seal without review. The browser journey of activation
 * starts here.
 */
export const sandboxPendingSealAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', operatorRoutes({ read: routeRoles.adminRead, write: routeRoles.adminWrite }))

  app.post(
    '/admin/sandbox/pending-seals',
    { schema: { tags: ['admin'], summary: '沙箱：为单位制作一枚待激活的电子印章（代替线下材料审核通过）†', body: pendingSealBody, response: { 200: envelopeOf(pendingSeal) } } },
    async (request) => {
      if (Object.values(app.providers).some((provider) => provider.kind !== 'sandbox')) throw businessError('外部服务未全部使用沙箱，不能制作沙箱待激活印章')
      const body = request.body
      const owner = await unitOnRecord(app.db, body)
      const sealCode = `${body.socialCreditCode.slice(-7, -1)}${body.sealTypeCode.padStart(4, '0')}`
      const picture = await renderOrganizationSeal({ unitName: owner.unitName, sealTypeCode: body.sealTypeCode, sealCode })
      const sealName = sealNameFor({ sealTypeCode: body.sealTypeCode, sealName: '', sealTypeName: '' }, { legalPersonName: body.legalPersonName }, owner.unitName)
      const now = app.trust.now()
      const { seal } = await makeSeal(app.trust, {
        owner: { kind: 'unit', ...owner },
        sealName,
        sealTypeCode: body.sealTypeCode,
        sealCode,
        image: picture.png,
        certStartTime: now,
        certEndTime: new Date(now.getTime() + YEAR_MS),
        status: '4',
      })
      return ok({ sealId: seal.id, sealName: seal.sealName, sealTypeCode: seal.sealTypeCode, sealCode: seal.sealCode, status: seal.status }, '制作成功')
    },
  )
}

/** The unit by its credit code, or registered now with the legal representative (found by ID number, or registered unverified). */
async function unitOnRecord(db: Database, body: z.output<typeof pendingSealBody>) {
  const identityNo = body.legalPersonIdentityNo.toUpperCase()
  return db.transaction(async (tx) => {
    await tx.insert(persons).values({ identityType: '111', identityNo, name: body.legalPersonName, phone: body.legalTel }).onConflictDoNothing()
    const [legal] = await tx.select().from(persons).where(and(eq(persons.identityType, '111'), eq(persons.identityNo, identityNo)))
    if (legal!.name !== body.legalPersonName) throw businessError('法定代表人姓名与证件号码不一致')
    await tx
      .insert(units)
      .values({ name: body.unitName, socialCreditCode: body.socialCreditCode, unitTypeCode: unitTypeOfCreditCode(body.socialCreditCode), legalPersonId: legal!.id })
      .onConflictDoNothing()
    const [unit] = await tx.select().from(units).where(eq(units.socialCreditCode, body.socialCreditCode))
    if (unit!.legalPersonId !== legal!.id) throw businessError('该单位登记的法定代表人不是此人')
    return { unitId: unit!.id, unitName: unit!.name, socialCreditCode: unit!.socialCreditCode }
  })
}
