import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '@seal/shared/api/envelope'
import { sealUseInfo, sealUseInfoBody, sealUseMessages, signDocumentBody, signedDocument } from '@seal/shared/api/sign-document'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { signErrorMessages } from '@seal/pdf/sign/sign-errors'
import { callerOf } from '../plugins/caller.ts'
import { businessError } from '../errors.ts'
import { findReadableFile } from '../files/service.ts'
import { files } from '../files/tables.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { sealRole } from '@seal/shared/codes/authorization'
import { authUseTypeNeeds, sealAuthMessages } from '@seal/shared/api/seal-auth'
import { assertAuthorisedUse, authorisationStillHolds } from './authorised-use.ts'
import { chosenHandwritingImage, hasChosenHandwriting, isFreshPassedSignature } from './handwriting.ts'
import { visibleSeal } from '../seals/queries.ts'
import type { SealAccess } from '../seals/roles.ts'
import type { Database } from '../db/client.ts'
import type { FileStore } from '../files/store.ts'
import { inWorker } from '../workers/pool.ts'
import { onVisiblePage, sealDocument } from './seal-document.ts'
import { sealSizeMm } from './seal-size.ts'

const POINTS_PER_MM = 72 / 25.4
/** Distance from the page edges when the caller gives no position: one inch. */
const DEFAULT_MARGIN = 72

/** What each use asks of the caller (000 §3): the holder, the seal's own method; anyone else, their authorisation's. */
export function useTypeOf(access: SealAccess): number {
  return Number(access.role === sealRole.LEGAL_PERSON ? access.seal.useType : access.auth?.useType)
}

/** Only the holder of a personal name seal may put their handwritten signature beside it. */
const mayAddHandwriting = (access: SealAccess) => access.role === sealRole.LEGAL_PERSON && access.seal.sealTypeCode === sealTypeCode.PERSONAL_NAME

/** The seal's size on paper in PDF points, as it is drawn. */
async function sealSizePoints(db: Database, store: FileStore, access: SealAccess) {
  const [image] = await db.select().from(files).where(eq(files.id, access.seal.imageFileId))
  const size = sealSizeMm(await store.get(image!.storageKey), access.seal.sealTypeCode)
  return { width: size.width * POINTS_PER_MM, height: size.height * POINTS_PER_MM }
}

/**
 * 用章: the holder seals one of their own PDFs with the seal password, an authorised user with what their
 * authorisation asks for (authorised-use.ts); the signed copy is a new file of the caller's.
 */
export const sealDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seal/useInfo',
    {
      config: { query: true },
      schema: { tags: ['signing'], summary: '用章信息：本人的角色、用章方式、印章在纸面上的大小 †', body: sealUseInfoBody, response: { 200: envelopeOf(sealUseInfo) } },
    },
    async (request) => {
      const caller = callerOf(request)
      const access = await visibleSeal(app.db, caller, request.body.sealId)
      const size = await sealSizePoints(app.db, app.files, access)
      return ok({
        role: access.role,
        useType: useTypeOf(access),
        sealWidth: size.width,
        sealHeight: size.height,
        handwriting: mayAddHandwriting(access) && (await hasChosenHandwriting(app.db, caller)),
      })
    },
  )

  app.post(
    '/seal/signDocument',
    { schema: { tags: ['signing'], summary: '用章：以印章密码在本人上传的PDF上加盖电子印章 †', body: signDocumentBody, response: { 200: envelopeOf(signedDocument) } } },
    async (request) => {
      const caller = callerOf(request)
      const body = request.body
      const access = await visibleSeal(app.db, caller, body.sealId)
      const { seal } = access
      const source = await findReadableFile({ db: app.db, caller, fileId: body.fileId, now: app.trust.now(), mayReadFile: app.mayReadFile })
      if (source.mediaType !== 'application/pdf') throw businessError(sealUseMessages.notPdf)
      if (body.handwriting && !mayAddHandwriting(access)) throw businessError(sealUseMessages.handwritingPersonalOnly)
      // The holder unlocks the seal with its PIN; an authorised user shows what their authorisation asks for.
      let pin: string | { authorised: true } = body.pin ?? ''
      if (access.role === sealRole.LEGAL_PERSON) {
        // The holder's own use method (000 §3; switched by /sealAuth/editLegalUseType): signature, PIN or both.
        const method = useTypeOf(access)
        if (authUseTypeNeeds.signature(method) && !(body.signatureId && (await isFreshPassedSignature(app.db, caller, body.signatureId, app.trust.now()))))
          throw businessError(body.signatureId ? sealAuthMessages.signatureMismatch : sealAuthMessages.signatureRequired)
        if (!authUseTypeNeeds.password(method)) pin = { authorised: true }
        else if (!pin) throw businessError('请输入印章密码')
      } else {
        await assertAuthorisedUse(app.db, caller, access, { password: body.pin, signatureId: body.signatureId }, app.trust.now())
        pin = { authorised: true }
      }
      const pdf = new Uint8Array(await app.files.get(source.storageKey))

      const box = await inWorker({ kind: 'pageBox', pdf, page: body.page })
      if (!box) throw businessError(signErrorMessages.PAGE_OUT_OF_RANGE)
      // Positions are measured from the bottom-left corner of the page as shown (its CropBox clipped by its
      // MediaBox, pdf.js's page.view on the screen); sign-pdf adds that area's origin.
      const page = { width: box.x1 - box.x0, height: box.y1 - box.y0 }

      const { width, height } = await sealSizePoints(app.db, app.files, access)
      const placement = {
        page: body.page,
        x: body.x ?? page.width - DEFAULT_MARGIN - width,
        y: body.y ?? DEFAULT_MARGIN,
        width,
        height,
      }
      if (!onVisiblePage(placement, page)) throw businessError(sealUseMessages.outsidePage)
      let handwriting: { image: Uint8Array; placement: typeof placement; signerName: string } | undefined
      if (body.handwriting) {
        if (!onVisiblePage(body.handwriting, page)) throw businessError(sealUseMessages.outsidePage)
        const image = await chosenHandwritingImage({ db: app.db, store: app.files, caller })
        if (!image) throw businessError(sealUseMessages.handwritingMissing)
        handwriting = { image, placement: { page: body.page, ...body.handwriting }, signerName: caller.person.name }
      }

      const authId = access.role === sealRole.LEGAL_PERSON ? undefined : access.auth?.id
      const stillEntitled = authId ? (tx: Database) => authorisationStillHolds(tx, authId, app.trust.now()) : undefined
      const { file, sha256 } = await sealDocument(app.trust, { caller, sealId: seal.id, pin, pdf, placement, fileName: source.originalName, remark: body.remark, handwriting, stillEntitled })
      return ok({ fileId: file.id, fileName: file.originalName, sha256 }, '签章成功')
    },
  )
}
