import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '@seal/shared/api/envelope'
import {
  authFileAnswer,
  authIdQuery,
  authorisedPersons,
  authorizationItem,
  authorizationPage,
  availableSeal,
  availableSealBody,
  cancelAuthBody,
  cancelAuthByParamsBody,
  confirmPersonBody,
  hasSignAnswer,
  historyAuthPerson,
  historyAuthPersonBody,
  orgDirectoryBody,
  orgDirectoryPage,
  queryListBySealBody,
  queryRoleAnswer,
  queryRoleBody,
  querySealListByAllBody,
  queryAuthDetailBody,
  queryAuthBySocialCreditCodeBody,
  sealAuthMessages,
  sealReferenceBody,
  sealStatusAnswer,
  stashAuthAnswer,
  stashAuthBody,
  stashAuthIdQuery,
  submitLowPersonAuthFileBody,
  submitUseSealPersonAuthFileBody,
  submittedAuth,
  telAuthBody,
  telAuthSmsBody,
  verifyAuthAnswer,
  verifyAuthBody,
  authCreationData,
  batchEditUseTypeBody,
  editUseTypeBody,
  editLegalUseTypeBody,
  useTypeSwitched,
} from '@seal/shared/api/seal-auth'
import { messages } from '@seal/shared/messages'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { smsSenderOf } from '../auth/sms-codes.ts'
import { businessError, notFound } from '../errors.ts'
import { sendPdf } from '../files/send-pdf.ts'
import { callerOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { hasHandwritingSample } from '../signing/handwriting.ts'
import { loadSealHolder, noRoleError, roleOnSeal, sealAccess } from '../seals/roles.ts'
import { checkUsePassword } from '../seals/use-password.ts'
import { authorisableSeals, authorisationOfGrantee, authorisationsOfUnit, authorisationsWaitingFor, authorisedPersonsOf, authorizationList, historyAuthPersons, organisationDirectory } from './queries.ts'
import {
  acceptAsGrantee,
  cancelAuth,
  cancelOwnAuth,
  confirmAsGrantee,
  createDraft,
  draftLetter,
  granteeLetter,
  proveAcceptPhone,
  sendAcceptCode,
  signAsGrantor,
} from './service.ts'
import { isWaitingFor, readableLetter } from './letters.ts'
import { editGrantUseType, switchHolderUseType } from './use-method.ts'

const tags = ['seal-auth']
const done = envelopeOf(z.null())

/**
 * Seal authorisation (spec 000 §2, §4, §7 "Authorization"; issue #11). Who may do what is decided from the
 * caller's role on the seal (seals/roles.ts), never from what the client sends. † marks our paths.
 */
export const sealAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.trust.now()

  // --- The grantor's side -------------------------------------------------------------------------------

  app.post(
    '/sealAuth/createAuth',
    { schema: { tags, summary: '创建待签署的授权（填写用章人信息后）†', body: authCreationData, response: { 200: envelopeOf(stashAuthAnswer) } } },
    async (request) => ok({ stashAuthId: await createDraft(app.db, callerOf(request), request.body, now()) }),
  )

  app.post(
    '/sealAuth/stashAuthInfoNewV3',
    { schema: { tags, summary: '暂存授权信息，返回 stashAuthId', body: stashAuthBody, response: { 200: envelopeOf(stashAuthAnswer) } } },
    async (request) => ok({ stashAuthId: await createDraft(app.db, callerOf(request), request.body.signData, now()) }),
  )

  for (const path of ['/sealAuth/getLowPersonAuthFile', '/sealAuth/getManagerAuthFile']) {
    app.get(
      path,
      { schema: { tags, summary: '授权书（待授权方签署）', querystring: stashAuthIdQuery, response: { 200: envelopeOf(authFileAnswer) } } },
      async (request) => ok(await draftLetter({ db: app.db, store: app.files, caller: callerOf(request), stashAuthId: request.query.stashAuthId, now: now() })),
    )
  }

  app.post(
    '/sealAuth/submitLowPersonAuthFile',
    { schema: { tags, summary: '授权方签署授权书：印章密码、手写签名、加盖印章', body: submitLowPersonAuthFileBody, response: { 200: envelopeOf(submittedAuth) } } },
    async (request) =>
      ok(await signAsGrantor({ trust: app.trust, store: app.files, sms: app.providers.sms, caller: callerOf(request), body: request.body, log: request.log }), messages.operationSucceeded),
  )

  app.post(
    '/sealAuth/queryHistoryAuthPersonInfo',
    { config: { query: true }, schema: { tags, summary: '用章人姓名联想（本单位历史授权人员）', body: historyAuthPersonBody, response: { 200: envelopeOf(z.array(historyAuthPerson)) } } },
    async (request) => ok(await historyAuthPersons({ db: app.db, caller: callerOf(request), socialCreditCode: request.body.socialCreditCode, name: request.body.name, now: now() })),
  )

  app.post(
    '/sealAuth/queryOrgPersons',
    { config: { query: true }, schema: { tags, summary: '组织架构人员（选择用章人）†', body: orgDirectoryBody, response: { 200: envelopeOf(orgDirectoryPage) } } },
    async (request) => {
      const body = request.body
      return ok(await organisationDirectory({ db: app.db, caller: callerOf(request), socialCreditCode: body.socialCreditCode, name: body.name, page: body.pageNum, pageSize: body.pageSize, now: now() }))
    },
  )

  app.post(
    '/sealAuth/hasSign',
    { config: { query: true }, schema: { tags, summary: '本人是否已采集手写签名 †', response: { 200: envelopeOf(hasSignAnswer) } } },
    async (request) => ok({ hasSign: await hasHandwritingSample(app.db, callerOf(request).person) }),
  )

  app.post(
    '/sealAuth/getAvailableSeal',
    { config: { query: true }, schema: { tags, summary: '可授权的印章（在用，本人为法人或管理员）', body: availableSealBody, response: { 200: envelopeOf(z.array(availableSeal)) } } },
    async (request) => ok(await authorisableSeals({ db: app.db, caller: callerOf(request), socialCreditCode: request.body.socialCreditCode, now: now(), fileAccessKey: app.secrets.fileAccessKey })),
  )

  // --- Lists and ending ---------------------------------------------------------------------------------

  app.post(
    '/sealAuth/querySealListByAll',
    { config: { query: true }, schema: { tags, summary: '授权列表（授权中 / 已授权 / 已失效），分页', body: querySealListByAllBody, response: { 200: envelopeOf(authorizationPage) } } },
    async (request) => {
      const body = request.body
      return ok(await authorizationList({ db: app.db, caller: callerOf(request), tab: body.status, page: body.currentPage, pageSize: body.pageSize, socialCreditCode: body.socialCreditCode, now: now() }))
    },
  )

  app.post(
    '/sealAuth/queryAuthBySocialCreditCode',
    {
      config: { query: true },
      schema: { tags, summary: '单位印章的授权关系（授权中、已授权；本人持有或管理的印章），分页', body: queryAuthBySocialCreditCodeBody, response: { 200: envelopeOf(authorizationPage) } },
    },
    async (request) => {
      const { socialCreditCode, currentPage, pageSize } = request.body
      return ok(await authorisationsOfUnit({ db: app.db, caller: callerOf(request), socialCreditCode, page: currentPage, pageSize, now: now() }))
    },
  )

  app.post(
    '/sealAuth/queryAuthDetail',
    { config: { query: true }, schema: { tags, summary: '用章人的一项授权（接受授权页按 authId 打开）†', body: queryAuthDetailBody, response: { 200: envelopeOf(authorizationItem) } } },
    async (request) => ok(await authorisationOfGrantee(app.db, callerOf(request), request.body.authId, now())),
  )

  app.post(
    '/sealAuth/waitingForMe',
    { config: { query: true }, schema: { tags, summary: '等待本人接受的授权（首页提示、待办中心）†', response: { 200: envelopeOf(z.array(authorizationItem)) } } },
    async (request) => ok((await authorisationsWaitingFor(app.db, callerOf(request), now())).map(({ item }) => item)),
  )

  app.post(
    '/sealAuth/queryListBySeal',
    { config: { query: true }, schema: { tags, summary: '印章的授权人员', body: queryListBySealBody, response: { 200: envelopeOf(authorisedPersons) } } },
    async (request) => {
      const body = request.body
      return ok(await authorisedPersonsOf(app.db, callerOf(request), { sealId: body.sealId, sealCode: body.sealCode ?? undefined, sealTypeCode: body.sealTypeCode ?? undefined }, now()))
    },
  )

  for (const path of ['/sealAuth/v4/cancelAuth', '/sealAuth/cancelAuth']) {
    app.post(path, { schema: { tags, summary: '解除授权', body: cancelAuthBody, response: { 200: done } } }, async (request) => {
      await cancelAuth(app.db, callerOf(request), request.body.authId, now())
      return ok(null, sealAuthMessages.cancelled)
    })
  }

  app.post(
    '/sealAuth/cancelAuthByParams',
    { schema: { tags, summary: '用章人解除本人的授权', body: cancelAuthByParamsBody, response: { 200: done } } },
    async (request) => {
      await cancelOwnAuth(app.db, callerOf(request), request.body.sealId)
      return ok(null, sealAuthMessages.cancelled)
    },
  )

  // --- The seal user's side -----------------------------------------------------------------------------

  app.post(
    '/sealAuth/sealStatus',
    { config: { query: true }, schema: { tags, summary: '印章状态（1 有效）†', body: sealReferenceBody, response: { 200: envelopeOf(sealStatusAnswer) } } },
    async (request) => {
      const caller = callerOf(request)
      const found = await loadSealHolder(app.db, request.body.sealId)
      if (!found) throw notFound()
      // The seal user waiting to accept may ask too: that is what the check is for (000 §2).
      const waiting = caller.kind === 'personal' && (await isWaitingFor(app.db, found.seal.id, caller.person.id))
      if (!waiting && !(await roleOnSeal(app.db, caller, found, now()))) throw notFound()
      return ok({ status: found.seal.status === sealStatusWide.VALID ? 1 : Number(found.seal.status) })
    },
  )

  app.post(
    '/sealAuth/queryRole',
    { config: { query: true }, schema: { tags, summary: '本人在该印章上的角色（1 法人 2 管理员 3 用章人；无角色时说明原因）†', body: queryRoleBody, response: { 200: envelopeOf(queryRoleAnswer) } } },
    async (request) => {
      const caller = callerOf(request)
      const found = await loadSealHolder(app.db, request.body.sealId)
      if (!found) throw notFound()
      const role = await roleOnSeal(app.db, caller, found, now())
      if (!role) throw await noRoleError(app.db, caller, found.seal.id)
      return ok({ role: role.role })
    },
  )

  app.post(
    '/sealAuth/sendSmsCode',
    { schema: { tags, summary: '用章人手机验证码（接受授权）', body: telAuthSmsBody, response: { 200: envelopeOf(z.object({ resendAfterSeconds: z.number() })) } } },
    async (request) => ok(await sendAcceptCode({ db: app.db, sms: smsSenderOf(app), caller: callerOf(request), tel: request.body.tel }), '验证码已发送'),
  )

  app.post('/sealAuth/telAuth', { schema: { tags, summary: '校验用章人手机验证码', body: telAuthBody, response: { 200: done } } }, async (request) => {
    await proveAcceptPhone({ db: app.db, caller: callerOf(request), tel: request.body.tel, code: request.body.code, now: now() })
    return ok(null)
  })

  app.post('/sealAuth/confirmPersonNew', { schema: { tags, summary: '用章人确认授权并设置用章密码', body: confirmPersonBody, response: { 200: done } } }, async (request) => {
    await confirmAsGrantee(app.db, callerOf(request), request.body)
    return ok(null, messages.operationSucceeded)
  })

  app.get(
    '/sealAuth/getUseSealAuthFile',
    { schema: { tags, summary: '授权书（待用章人签署）', querystring: authIdQuery, response: { 200: envelopeOf(authFileAnswer) } } },
    async (request) => ok(await granteeLetter({ db: app.db, caller: callerOf(request), authId: request.query.authId })),
  )

  app.post(
    '/sealAuth/submitUseSealPersonAuthFile',
    { schema: { tags, summary: '用章人签署授权书，授权生效', body: submitUseSealPersonAuthFileBody, response: { 200: envelopeOf(z.object({ authId: z.string(), authFileId: z.string() })) } } },
    async (request) => ok(await acceptAsGrantee({ trust: app.trust, store: app.files, caller: callerOf(request), body: request.body }), messages.operationSucceeded),
  )

  app.post(
    '/sealAuth/verifyAuthByIdentityAndSealId',
    { schema: { tags, summary: '被授权人用章密码校验', body: verifyAuthBody, response: { 200: envelopeOf(verifyAuthAnswer) } } },
    async (request) => {
      const access = await sealAccess(app.db, callerOf(request), { sealId: request.body.sealId }, { now: now() })
      // The holder has the seal PIN (POST /seal/pinVerifyNew), no use password.
      if (!access.auth) throw businessError(sealAuthMessages.notAuthorised)
      const check = await checkUsePassword(app.db, access.auth, request.body.usePassword, now())
      return ok(check.ok ? { pass: true, success: true, mess: '验证通过' } : { pass: false, success: false, mess: check.message })
    },
  )

  // --- The holder's use method ---------------------------------------------------------------------------

  app.post(
    '/sealAuth/editLegalUseType',
    { schema: { tags, summary: '切换单位印章的用章方式（签名需现场手写，密码需印章密码）', body: editLegalUseTypeBody, response: { 200: envelopeOf(useTypeSwitched) } } },
    async (request) => {
      const { socialCreditCode, useType, password, handWrittenId } = request.body
      return ok({ switched: await switchHolderUseType(app.db, callerOf(request), { batchUseType: [{ socialCreditCode, useType }], password, handWrittenId }, now()) }, messages.modified)
    },
  )

  app.post(
    '/sealAuth/batchEditUseType',
    { schema: { tags, summary: '批量修改用章方式（按单位）†', body: batchEditUseTypeBody, response: { 200: envelopeOf(useTypeSwitched) } } },
    async (request) => ok({ switched: await switchHolderUseType(app.db, callerOf(request), request.body, now()) }, messages.modified),
  )

  app.post('/sealAuth/editUseType', { schema: { tags, summary: '修改用章人的用章方式', body: editUseTypeBody, response: { 200: done } } }, async (request) => {
    await editGrantUseType(app.db, callerOf(request), request.body, now())
    return ok(null, messages.modified)
  })

  // --- The letter ---------------------------------------------------------------------------------------

  app.get(
    '/sealAuth/authFile/:fileId',
    { config: { query: true }, schema: { tags, summary: '授权书PDF（授权双方及印章管理人可看）†', params: z.object({ fileId: z.string().min(1).max(64) }) } },
    async (request, reply) => {
      const file = await readableLetter(app.db, callerOf(request), request.params.fileId, now())
      return sendPdf(reply, await app.files.get(file.storageKey), file.originalName)
    },
  )
}
