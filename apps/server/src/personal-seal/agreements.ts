import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import type { AgreementKind } from '@seal/pdf/documents/agreements'
import { resolveConfig } from '../config/service.ts'
import type { Database } from '../db/client.ts'
import { saveFile, saveFileOnce } from '../files/service.ts'
import type { FileStore } from '../files/store.ts'
import { callerOf, type Caller } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { signAgreementBody, signedAgreements } from '@seal/shared/api/personal-seal'
import { businessError } from '../errors.ts'
import { handwritingImage } from '../signing/handwriting.ts'
import { signWithImage } from '../signing/seal-document.ts'
import { timestampAuthority } from '../trust/timestamping.ts'
import type { Trust } from '../trust/context.ts'
import { serviceSigner } from '../trust/service-signer.ts'
import { inWorker } from '../workers/pool.ts'
import { recordAgreements } from './service.ts'

/** The agreements a personal name seal applicant reads and signs (spec 002 `apply-agreement-sample`). */
export const personalAgreementKinds: { key: string; kind: AgreementKind; title: string }[] = [
  { key: 'personalSealAgreement', kind: 'personal-seal', title: '个人电子名章申请协议' },
  { key: 'realNameAgreement', kind: 'real-name', title: '实名认证服务协议' },
]

/** The applicant's agreements (their name printed as party B), dated when `signedOn` is given. */
async function agreementDocuments(options: { db: Database; caller: Caller; signedOn?: Date }) {
  const { db, caller } = options
  const config = await resolveConfig(db, { channel: caller.channel, identityNo: caller.person.identityNo })
  return Promise.all(
    personalAgreementKinds.map(async ({ key, kind, title }) => {
      const { pdf, positions } = await inWorker({
        kind: 'agreement',
        input: {
          kind,
          applicant: { kind: 'person', name: caller.person.name, personIdentity: caller.person.identityNo },
          minimumAge: config.minApplicantAge,
          supportPhone: config.supportPhone,
          ...(options.signedOn ? { signedOn: options.signedOn } : {}),
        },
      })
      return { key, title, pdf: Buffer.from(pdf), positions }
    }),
  )
}

/**
 * The applicant's agreements to read, kept as their files. The same input gives the same bytes, so a
 * file already holding these bytes is reused: reading the page again stores nothing new.
 */
export async function personalAgreements(options: { db: Database; store: FileStore; caller: Caller }) {
  const { db, store, caller } = options
  const documents = await agreementDocuments({ db, caller })
  return Promise.all(
    documents.map(async ({ key, title, pdf }) => {
      const file = await saveFileOnce({ db, store, ownerAccountId: caller.accountId, bytes: pdf, originalName: `${title}.pdf` })
      return { key, title, fileId: file.id }
    }),
  )
}

/**
 * POST /apply/signAgreement: each agreement, dated today, gets the applicant's handwriting in its
 * signature box, as a PAdES signature by the service's document-signing certificate (the handwriting
 * witnessed by the service). The signed PDFs are the applicant's files and are kept with the application.
 */
export async function signPersonalAgreements(options: { trust: Trust; store: FileStore; caller: Caller; signatureId: string }) {
  const { trust, store, caller } = options
  const image = await handwritingImage({ db: trust.db, store, caller, signatureId: options.signatureId })
  const signer = await serviceSigner(trust)
  const signingTime = trust.now()
  const documents = await agreementDocuments({ db: trust.db, caller, signedOn: signingTime })
  const signed = []
  for (const document of documents) {
    const pdf = await signWithImage({
      pdf: new Uint8Array(document.pdf),
      signer,
      image,
      placement: document.positions.signLocation,
      signerName: caller.person.name,
      reason: `${caller.person.name}本人手写签署《${document.title}》`,
      signingTime,
      timestampAuthority: timestampAuthority(trust),
    })
    const file = await saveFile({ db: trust.db, store, ownerAccountId: caller.accountId, bytes: Buffer.from(pdf), originalName: `${document.title}（已签署）.pdf` })
    signed.push({ key: document.key, fileId: file.id })
  }
  await recordAgreements(trust.db, caller, signed)
  return signed
}

const agreementItem = z.object({ key: z.string(), title: z.string(), fileId: z.string() })

export const personalAgreementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apply/getAttachmentAgreement',
    { schema: { tags: ['personal-seal'], summary: '个人名章申请需阅读签署的协议', response: { 200: envelopeOf(z.array(agreementItem)) } } },
    async (request) => {
      const items = await personalAgreements({ db: app.db, store: app.files, caller: callerOf(request) })
      return ok(items.map(({ key, title, fileId }) => ({ key, title, fileId })))
    },
  )

  app.post(
    '/apply/signAgreement',
    { schema: { tags: ['personal-seal'], summary: '手写签署协议，返回已签署的文件', body: signAgreementBody, response: { 200: envelopeOf(signedAgreements) } } },
    async (request) => {
      const caller = callerOf(request)
      if (request.body.identity !== caller.person.identityNo || request.body.name !== caller.person.name) throw businessError('只能签署本人的协议')
      const signed = await signPersonalAgreements({ trust: app.trust, store: app.files, caller, signatureId: request.body.handwritingInfo.signatureId })
      return ok(signed, '签署成功')
    },
  )
}
