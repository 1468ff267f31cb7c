import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { agreementText, type AgreementKind } from '@seal/pdf/documents/agreement-texts'
import { ok } from '@seal/shared/api/envelope'
import { agreementKeys, agreementListItem, agreementTextShape } from '@seal/shared/api/agreements'
import { offlineAgreementAnswer } from '@seal/shared/api/unit-apply'
import { resolveConfig } from '../config/service.ts'
import type { Database } from '../db/client.ts'
import { saveFileOnce } from '../files/service.ts'
import { callerOf, type Caller } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { inWorker } from '../workers/pool.ts'

/** The agreements of the application entry (spec 001 §2): key (the page's path segment), title, text. */
const applyAgreements: Record<(typeof agreementKeys)[number], { kind: AgreementKind; title: string }> = {
  'apply-use-argument': { kind: 'user-terms', title: '用户使用协议' },
  'privacy-argument': { kind: 'privacy', title: '隐私声明' },
  'apply-digit-argument': { kind: 'certificate-subscriber', title: '数字证书订户协议' },
  'seal-service-argument': { kind: 'seal-service', title: '电子印章服务协议' },
}

const keyParams = z.object({ agreementKey: z.enum(agreementKeys, { error: '协议不存在' }) })

/**
 * GET /seal-apply/apply/agreement/list and the agreements' texts (public: anyone may read what they are
 * asked to agree to), the subscriber agreement as a PDF for the caller (their name as party B), and the
 * seal-service agreement as the caller's file for the offline SDK.
 */
export const applyAgreementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/seal-apply/apply/agreement/list',
    { config: { public: true }, schema: { tags: ['unit-apply'], summary: '申请须阅读的协议列表', response: { 200: envelopeOf(z.array(agreementListItem)) } } },
    async () => ok(Object.entries(applyAgreements).map(([agreementKey, { title }]) => ({ agreementKey, agreementTitle: title }))),
  )

  app.get(
    '/seal-apply/apply/agreement/:agreementKey',
    {
      config: { public: true },
      schema: { tags: ['unit-apply'], summary: '协议正文 †', params: keyParams, response: { 200: envelopeOf(agreementTextShape) } },
    },
    async (request) => {
      const { kind } = applyAgreements[request.params.agreementKey]
      const config = await resolveConfig(app.db, {})
      const text = agreementText(kind, { provider: '电子印章服务平台', applicantKind: 'unit', minimumAge: config.minApplicantAge, supportPhone: config.supportPhone || undefined })
      return ok({ agreementKey: request.params.agreementKey, ...text })
    },
  )

  app.get(
    '/seal-apply/apply/agreement/:agreementKey/pdf',
    { schema: { tags: ['unit-apply'], summary: '协议 PDF（乙方为当前用户）†', params: keyParams } },
    async (request, reply) => {
      const agreement = applyAgreements[request.params.agreementKey]
      const { pdf } = await agreementFor(app.db, callerOf(request), agreement.kind)
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(`${agreement.title}.pdf`)}`)
        .send(Buffer.from(pdf))
    },
  )

  app.get(
    '/paas-seal-offline-sdk/v1/offlineApply/agreement',
    { schema: { tags: ['unit-apply'], summary: '电子印章服务协议（乙方为当前用户，存为本人文件）与签署位置', response: { 200: envelopeOf(offlineAgreementAnswer) } } },
    async (request) => {
      const caller = callerOf(request)
      const { pdf, positions } = await agreementFor(app.db, caller, applyAgreements['seal-service-argument'].kind)
      const file = await saveFileOnce({ db: app.db, store: app.files, ownerAccountId: caller.accountId, bytes: Buffer.from(pdf), originalName: '电子印章服务协议.pdf' })
      return ok({ fileId: file.id, localConfig: positions.localConfig })
    },
  )
}

/** An agreement with the caller as party B: the unit of an enterprise login, else the person. */
async function agreementFor(db: Database, caller: Caller, kind: AgreementKind) {
  const config = await resolveConfig(db, { channel: caller.channel, identityNo: caller.person.identityNo, socialCreditCode: caller.unit?.socialCreditCode ?? null })
  const applicant = caller.unit
    ? { kind: 'unit' as const, unitName: caller.unit.name, socialCreditCode: caller.unit.socialCreditCode, legalRepresentative: caller.person.name }
    : { kind: 'person' as const, name: caller.person.name, personIdentity: caller.person.identityNo }
  return inWorker({
    kind: 'agreement',
    input: { kind, applicant, minimumAge: config.minApplicantAge, ...(config.supportPhone ? { supportPhone: config.supportPhone } : {}) },
  })
}
