import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './test/harness.ts'

/**
 * Every call the specification names with its path (000 §7, 001 §7, 002 §7: method and path; "…/x" of
 * the offline SDK written out), each with sample values for its path parameters. Calls the spec names without
 * a path are ours and listed in docs/api.md; they are not here.
 */
const offline = '/paas-seal-offline-sdk/v1/offlineApply'
const specCalls: readonly (readonly ['GET' | 'POST', string])[] = [
  // 000 §7: authorisation and seal management
  ['GET', '/sealAuth/getUseSealAuthFile'],
  ['GET', '/sealAuth/getManagerAuthFile'],
  ['GET', '/sealAuth/getLowPersonAuthFile'],
  ['POST', '/sealAuth/submitUseSealPersonAuthFile'],
  ['POST', '/sealAuth/submitLowPersonAuthFile'],
  ['POST', '/sealAuth/verifyAuthByIdentityAndSealId'],
  ['POST', '/sealAuth/getAvailableSeal'],
  ['POST', '/verifySign/paasExchangeToken'],
  ['POST', '/seal/queryByPersonManage'],
  ['POST', '/sealAuth/querySealListByAll'],
  ['POST', '/sealAuth/v4/cancelAuth'],
  ['POST', '/seal/queryGroupByBusiness'],
  ['POST', '/sealAuth/stashAuthInfoNewV3'],
  ['POST', '/sealAuth/sendSmsCode'],
  ['POST', '/sealAuth/telAuth'],
  ['GET', '/file/downloadData/f1'],
  ['POST', '/seal/queryByBussiness'],
  ['POST', '/sealAuth/queryHistoryAuthPersonInfo'],
  ['POST', '/sealAuth/confirmPersonNew'],
  ['POST', '/sealAuth/cancelAuthByParams'],
  ['POST', '/sealAuth/cancelAuth'],
  ['POST', '/sealAuth/queryListBySeal'],
  ['POST', '/sealAuth/editUseType'],
  ['POST', '/sealAuth/editLegalUseType'],
  ['POST', '/sealAuth/sealVerify'],
  ['POST', '/sealAuth/editPassword'],
  ['POST', '/seal/editPinNew'],
  ['POST', '/seal/revokeNew'],
  ['POST', '/signSealLog/queryByTypeAndSocialCreditCode'],
  ['POST', '/seal/enterprise/info'],
  ['GET', '/ykb/token'],
  ['POST', '/ykb/face/ticket'],
  ['POST', '/ykb/face/result'],
  ['POST', '/seal/getSealPicById'],
  ['POST', '/seal/v4/queryWillExpires'],
  // 001 §7: the new wizard
  ['GET', `${offline}/agreement`],
  ['POST', `${offline}/getRenewalDocuments`],
  ['POST', '/file/upload'],
  ['POST', '/file/uploadBase64'],
  ['POST', '/paas-ai/ocr/uploadImgBase64'],
  ['POST', '/paas-ai/ocr/businessLicense/s1'],
  ['POST', '/paas-ai/ocr/idcard/s1'],
  ['POST', '/seal-apply/seal/cutoutBase64'],
  ['GET', '/seal-apply/file/download/f1'],
  ['GET', '/seal-apply/apply/downloadApplication'],
  ['POST', '/seal-apply/seal/filingInfo'],
  ['GET', '/seal-apply/region/list'],
  ['GET', '/seal-apply/unit/definition'],
  ['GET', '/seal-apply/seal/config'],
  ['POST', '/seal-apply/seal/queryCanApply'],
  ['POST', '/seal-apply/seal/auths'],
  ['POST', '/seal-apply/seal/detail'],
  ['POST', '/seal-apply/apply/submit'],
  ['POST', '/seal-apply/apply/page'],
  ['GET', '/seal-apply/apply/withdraw'],
  ['GET', '/seal-apply/apply/delete'],
  ['GET', '/seal-apply/apply/detail'],
  ['GET', '/seal-apply/apply/legalDownload'],
  ['GET', '/seal-apply/apply/refuse'],
  ['POST', '/seal-apply/apply/save'],
  ['POST', '/apply/temporary'],
  ['POST', '/apply/submit'],
  ['POST', '/seal-apply/apply/submitSign'],
  ['POST', '/seal/pinVerifyNew'],
  ['POST', '/samr/authentication'],
  ['GET', '/file/download/f1'],
  ['GET', '/paas-seal-offline-sdk/v1/config/consignee'],
  ['POST', '/login/record'],
  // 001 §7: the offline and older doors
  ['POST', `${offline}/create`],
  ['POST', `${offline}/updateByApplyId`],
  ['GET', `${offline}/applyDetail/a1`],
  ['POST', `${offline}/firstApplyDetail`],
  ['POST', `${offline}/seal/info`],
  ['POST', `${offline}/sealInfoBySocial`],
  ['POST', `${offline}/submitTodo`],
  ['POST', `${offline}/deleteDocumentByApplyId`],
  ['POST', `${offline}/cancel/a1`],
  ['POST', `${offline}/reApply/a1`],
  ['POST', `${offline}/recheckByApplyId`],
  ['POST', `${offline}/updateSealName`],
  ['POST', `${offline}/uploadSealBase64Pic`],
  ['GET', `${offline}/deleteSealPic`],
  ['POST', `${offline}/uploadDocumentByApplyId`],
  ['POST', `${offline}/pendingUpload`],
  ['GET', '/paas-seal-offline-sdk/v1/file/download/f1'],
  ['POST', '/seal/canRenewal'],
  ['POST', '/paas-composite-seal/seal/apply/update/multipleSealOperate'],
  ['POST', '/paas-composite-seal/seal/authorize/queryBySealId'],
  ['POST', '/seal/queryMake'],
  ['POST', '/seal/queryMakeIgnoreStatus'],
  ['POST', '/seal/checkSealAndReturnPic'],
  ['GET', '/seal/queryLogById/a1'],
  ['POST', '/seal/querySealInfoNew'],
  ['GET', '/configs/operation/image'],
  ['POST', '/apply/multiple/seals'],
  ['POST', '/apply/multiple/updateOrApply'],
  ['POST', '/apply/getUpdateAuthFile'],
  ['POST', '/sealAuth/queryAuthBySocialCreditCode'],
  ['POST', '/apply/checkChangeLegal'],
  ['POST', '/apply/fourElementsOfEnterpriseVerification'],
  ['POST', '/seal/queryCannotMakeBySocialCreditCode'],
  ['POST', '/apply/get/applySealTypeCode'],
  ['GET', '/seal-apply/apply/agreement/list'],
  ['POST', '/seal/activeSealNew'],
  // 002 §7: shell, binding, personal seal, records, agency centre
  ['POST', '/paas-composite-seal/sealBind/platform/token'],
  ['POST', '/paas-composite-seal/sealBind/platform/config'],
  ['POST', '/role/queryIsCorporation'],
  ['POST', '/sealBind/queryCanBind'],
  ['POST', '/paas-composite-seal/sealBind/queryBindSealLogList'],
  ['POST', '/paas-composite-seal/sealBind/cancel'],
  ['POST', '/paas-composite-seal/sealBind/sealVerifyAndReturnSealInfo'],
  ['POST', '/paas-composite-seal/sealBind/rebind'],
  ['POST', '/sign/handwriting/save'],
  ['POST', '/apply/signAgreement'],
  ['GET', '/apply/getAttachmentAgreement'],
  ['POST', '/personSeal/queryCanOrNotApply'],
  ['POST', '/seal-apply/backlog/list'],
  ['POST', '/seal-apply/backlog/detail'],
  ['POST', '/seal-apply/backlog/detail/getLocalConfig'],
]


describe('every call the specification names answers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('has a route for each (a call we serve answers anything but 接口不存在, even without a session)', async () => {
    const missing: string[] = []
    for (const [method, path] of specCalls) {
      const answer = await t.app.inject({ method, url: `/api${path}`, ...(method === 'POST' ? { payload: {} } : {}) })
      const body = answer.headers['content-type']?.toString().includes('json') ? answer.json() : null
      if (answer.statusCode === 404 && body?.responseInfo === '接口不存在') missing.push(`${method} ${path}`)
    }
    expect(missing).toEqual([])
  })
})
