import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { messages } from '@seal/shared/messages'
import { canvasesOnSkia, drawStroke, forgetSkiaCanvases, line, skia } from '../../../../test/canvas.ts'
import { contractSeal, here, officialSeal, olderDraft, olderRoutes, renderOlder } from '../../../../test/older-change.tsx'
import { CREDIT_CODE, expectToast, fakeServer, LEGAL_ID, pickFile, Refusal, resetScreen, type Call } from '../../../../test/unit-apply-wizard.tsx'

beforeEach(() => {
  if (skia) canvasesOnSkia()
})
afterEach(() => {
  resetScreen()
  vi.restoreAllMocks()
  forgetSkiaCanvases()
})
vi.setConfig({ testTimeout: 30_000 })

const verified = (patch = {}) => olderDraft('RENEWAL', { step: '2', companyVerifyPass: true, serialNo: 'ran-1', faceSerialNo: 'face-1', legalTel: '13900139000', sealInfo: olderDraft('RENEWAL').sealInfo.slice(0, 1), ...patch })
const documents = [
  { key: 'applyFormId', title: '电子印章申请表', fileId: 'f-form' },
  { key: 'applyConfirmDocumentId', title: '电子印章申请确认书', fileId: 'f-confirm' },
]
const localConfig = { required: true, fields: [] }

/** 下一步 once the application (its verification serial) is known, pressed. */
async function nextEnabled() {
  const next = (await screen.findByRole('button', { name: '下一步' })) as HTMLButtonElement
  await waitFor(() => expect(next.disabled).toBe(false))
  fireEvent.click(next)
}

describe('/seal-renewal/step-1', () => {
  it('opened without a seal lists the renewable seals he holds', async () => {
    fakeServer({ ...olderRoutes(), 'POST /seal/queryByPersonManage': () => [officialSeal, { ...contractSeal, canRenewal: false }] })
    const router = renderOlder('/seal-renewal/step-1')
    expect(await screen.findByText('请选择需要续期的印章')).toBeTruthy()
    expect(screen.queryByText(contractSeal.sealName)).toBeNull()
    fireEvent.click(screen.getByText(officialSeal.sealName))
    await waitFor(() => expect(here(router)).toBe(`/seal-renewal/step-1?sealId=${officialSeal.id}`))
  })

  it('keeps the seal’s unit fixed, refuses another unit’s licence in the older words, and verifies before 选择印章', async () => {
    const server = fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => verified({ step: '1', companyVerifyPass: null, businessLicense: '' }),
      'POST /paas-ai/ocr/uploadImgBase64': () => ({ busSerialNo: 'ocr-1' }),
      'POST /paas-ai/ocr/businessLicense/*': () => ({ busSerialNo: 'ocr-1', unitName: '别的公司', socialCreditCode: '91110108MA01ABCD0X', legalName: '李四' }),
      'POST /apply/fourElementsOfEnterpriseVerification': () => ({ resultStatus: '00', responseInfo: '核验通过', data: { ranId: 'ran-1', passed: true, nextStep: '2', reason: null } }),
    })
    const router = renderOlder(`/seal-renewal/step-1?sealId=${officialSeal.id}&id=app-9`)
    const name = (await screen.findByPlaceholderText('请输入单位名称')) as HTMLInputElement
    expect(name.readOnly).toBe(true)
    expect((screen.getByPlaceholderText('请输入统一社会信用代码') as HTMLInputElement).value).toBe(CREDIT_CODE)
    pickFile('上传营业执照')
    await expectToast(messages.licenceDiffers)
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast(messages.businessLicenseRequired)
    expect(server.callsTo('/apply/fourElementsOfEnterpriseVerification')).toHaveLength(0)
    resetScreen()

    const again = fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => verified({ step: '1', companyVerifyPass: null }),
      'POST /apply/fourElementsOfEnterpriseVerification': () => ({ resultStatus: '00', responseInfo: '核验通过', data: { ranId: 'ran-1', passed: true, nextStep: '2', reason: null } }),
    })
    const next = renderOlder(`/seal-renewal/step-1?sealId=${officialSeal.id}&id=app-9`)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    await waitFor(() => expect(here(next)).toBe(`/seal-renewal/step-2?sealId=${officialSeal.id}&id=app-9`))
    expect(again.callsTo('/apply/fourElementsOfEnterpriseVerification')[0]!.body).toMatchObject({ applyId: 'app-9', legal: '李四', legalIdentity: LEGAL_ID, faceSerialNo: 'face-1' })
    void router
  })
})

describe('/seal-renewal/step-2 选择印章', () => {
  function serve(overrides: Record<string, (call: Call) => unknown> = {}) {
    return fakeServer({
      ...olderRoutes(),
      'POST /seal/canRenewal': () => [officialSeal, { ...contractSeal, blnWillExpires: true }],
      'GET /seal-apply/apply/detail': () => verified(),
      'GET /paas-seal-offline-sdk/v1/offlineApply/agreement': () => ({ fileId: 'f-agreement', localConfig }),
      'POST /paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments': () => ({ fileId: 'f-renewal', localConfig }),
      'POST /seal-apply/apply/signDocuments': () => documents,
      'GET /file/download/*': () => new Refusal('404', '文件不存在'),
      ...overrides,
    })
  }

  it('shows the seal being renewed checked and locked, 可续期印章 to add with the advice, and fetches the agreement and renewal documents for signing', async () => {
    const server = serve()
    renderOlder(`/seal-renewal/step-2?sealId=${officialSeal.id}&id=app-9`)
    const renewing = await screen.findByRole('region', { name: '续期印章' })
    const locked = within(renewing).getByRole('checkbox')
    expect((locked as HTMLInputElement).checked).toBe(true)
    expect((locked as HTMLInputElement).disabled).toBe(true)
    const others = screen.getByRole('region', { name: '可续期印章' })
    expect(within(others).getByText(messages.renewalAdvice)).toBeTruthy()
    expect(await within(others).findByText('即将到期')).toBeTruthy()
    expect(within(others).queryByText(officialSeal.sealName)).toBeNull()
    fireEvent.click(within(others).getByText(contractSeal.sealName))

    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    expect(await screen.findByText('签署文件')).toBeTruthy()
    const saved = server.callsTo('/seal-apply/apply/save')[0]!.body as { step: string; sealInfo: { sealId: string }[] }
    expect(saved.step).toBe('3-1')
    expect(saved.sealInfo.map((seal) => seal.sealId)).toEqual([officialSeal.id, contractSeal.id])
    expect(server.callsTo('/paas-seal-offline-sdk/v1/offlineApply/agreement')).toHaveLength(1)
    expect(server.callsTo('/paas-seal-offline-sdk/v1/offlineApply/getRenewalDocuments')[0]!.body).toEqual({
      unitName: '北京某某科技有限公司',
      socialCreditCode: CREDIT_CODE,
      personName: '李四',
      personIdentity: LEGAL_ID,
      sealOperator: '李四',
      sealOperatorIdentity: LEGAL_ID,
      sealOperatorTel: '13900139000',
    })
    const sheet = document.querySelector<HTMLElement>('.older-sign-sheet')!
    for (const title of ['电子印章服务协议', '续期申请表', '电子印章申请表', '电子印章申请确认书']) expect(await within(sheet).findByText(title)).toBeTruthy()
  })

  it.skipIf(!skia)('signs, then submits the renewal with applyType 4 and each seal’s authorisations, and shows step 3', async () => {
    const server = serve({
      'POST /sign/handwriting/save': () => ({ pass: true, verifyRes: { score: 1 }, compared: false, signatureId: 'sig-1', signatureFileId: 'sig-file', sampleCount: 1 }),
      'POST /seal-apply/apply/signCode': () => ({ resendAfterSeconds: 60 }),
      'POST /seal-apply/apply/submitSign': () => ({ ...verified(), signedFiles: documents }),
      'POST /paas-composite-seal/seal/authorize/queryBySealId': () => [{ id: 'auth-1', authId: 'auth-1', sealId: officialSeal.id, sealType: '01', name: '王小明', authUseType: '1', authStartTime: 0, authEndTime: 1 }],
      'POST /paas-composite-seal/seal/apply/update/multipleSealOperate': () => ({ applyId: 'app-9', applyStatus: 'APPLY_SUCCESS' }),
    })
    const router = renderOlder(`/seal-renewal/step-2?sealId=${officialSeal.id}&id=app-9`)
    await nextEnabled()
    await screen.findByText('签署文件')
    const sheet = document.querySelector<HTMLElement>('.older-sign-sheet')!
    fireEvent.click(await within(sheet).findByText('点击此处手写签名'))
    await drawStroke(line([60, 80], [220, 90], 10))
    await drawStroke(line([120, 40], [130, 200], 10))
    fireEvent.click(screen.getByText('确定'))
    await within(sheet).findByRole('img', { name: '我的签名' })
    fireEvent.click(within(sheet).getByText('获取验证码'))
    fireEvent.change(within(sheet).getByPlaceholderText('请输入验证码'), { target: { value: '123456' } })
    fireEvent.click(within(sheet).getByText('确认签署'))
    await waitFor(() => expect(here(router)).toBe('/seal-renewal/step-3?id=app-9'))
    expect(server.callsTo('/seal-apply/apply/submitSign')[0]!.body).toEqual({ applyId: 'app-9', signatureId: 'sig-1', smsCode: '123456' })
    const submitted = server.callsTo('/paas-composite-seal/seal/apply/update/multipleSealOperate')[0]!.body as Record<string, unknown>
    expect(submitted).toMatchObject({ ranId: 'ran-1', serialNo: 'ran-1', tel: '13900139000', sealPlatType: 0, personFront: 'f-lf', personBack: 'f-lb' })
    expect(submitted.cloudApplyParams).toEqual([
      expect.objectContaining({ sealId: officialSeal.id, sealTypeCode: '01', applyType: 4, authIds: ['auth-1'], personIdentity: LEGAL_ID, makeDate: expect.stringMatching(/^\d{8}$/) }),
    ])
  })

  it.skipIf(!skia)('says 请求失败 with the server’s message when the renewal is refused, and stays signed', async () => {
    serve({
      'POST /sign/handwriting/save': () => ({ pass: true, verifyRes: { score: 1 }, compared: false, signatureId: 'sig-1', signatureFileId: 'sig-file', sampleCount: 1 }),
      'POST /seal-apply/apply/signCode': () => ({ resendAfterSeconds: 60 }),
      'POST /seal-apply/apply/submitSign': () => ({ ...verified(), signedFiles: documents }),
      'POST /paas-composite-seal/seal/authorize/queryBySealId': () => [],
      'POST /paas-composite-seal/seal/apply/update/multipleSealOperate': () => new Refusal('10000', '暂无可续期的印章'),
    })
    renderOlder(`/seal-renewal/step-2?sealId=${officialSeal.id}&id=app-9`)
    await nextEnabled()
    await screen.findByText('签署文件')
    const sheet = document.querySelector<HTMLElement>('.older-sign-sheet')!
    fireEvent.click(await within(sheet).findByText('点击此处手写签名'))
    await drawStroke(line([60, 80], [220, 90], 10))
    fireEvent.click(screen.getByText('确定'))
    await within(sheet).findByRole('img', { name: '我的签名' })
    fireEvent.click(within(sheet).getByText('获取验证码'))
    fireEvent.change(within(sheet).getByPlaceholderText('请输入验证码'), { target: { value: '123456' } })
    fireEvent.click(within(sheet).getByText('确认签署'))
    await expectToast('请求失败暂无可续期的印章')
    expect(within(sheet).getByText('提交申请')).toBeTruthy()
  })
})

describe('/seal-renewal/step-3', () => {
  it('says 操作成功 / 电子印章已续期 with the seals renewed, and 回到首页 goes home', async () => {
    fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () =>
        verified({ applyStatus: 'APPLY_SUCCESS', successSealItems: [{ itemId: 'item-01', sealTypeCode: '01', sealName: officialSeal.sealName, sealId: officialSeal.id, failReason: null }] }),
    })
    const router = renderOlder('/seal-renewal/step-3?id=app-9')
    expect(await screen.findByText('操作成功')).toBeTruthy()
    expect(screen.getByText('电子印章已续期')).toBeTruthy()
    expect(screen.getByText(officialSeal.sealName)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '回到首页' }))
    await waitFor(() => expect(here(router)).toBe('/home'))
  })

  it('while a reviewer has it, says it is submitted and waits', async () => {
    fakeServer({ ...olderRoutes(), 'GET /seal-apply/apply/detail': () => verified({ applyStatus: 'PENDING_REVIEW', submitTime: Date.now() }) })
    renderOlder('/seal-renewal/step-3?id=app-9')
    expect(await screen.findByText('续期申请已提交')).toBeTruthy()
  })
})
