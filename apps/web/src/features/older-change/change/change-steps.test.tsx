import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { canvasesOnSkia, drawStroke, forgetSkiaCanvases, line, skia } from '../../../../test/canvas.ts'
import { contractSeal, here, holder, officialSeal, olderDraft, olderRoutes, record, renderOlder } from '../../../../test/older-change.tsx'
import { CREDIT_CODE, expectToast, fakeServer, LEGAL_ID, Refusal, resetScreen } from '../../../../test/unit-apply-wizard.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const check = (changeType: string, patch: Record<string, unknown> = {}) => ({
  isChange: changeType !== '0',
  changeType,
  sealTypeList: [
    { sealId: officialSeal.id, sealTypeCode: '01', sealTypeName: '单位公章', sealName: officialSeal.sealName, sealCode: 'C-01', needsPicture: changeType === '3' },
    { sealId: contractSeal.id, sealTypeCode: '04', sealTypeName: '合同专用章', sealName: contractSeal.sealName, sealCode: 'C-04', needsPicture: changeType === '3' },
  ],
  requiredSealIds: [],
  ...patch,
})

describe('/seal-change', () => {
  it('shows the tips and the four steps; 立即变更 lets the legal representative choose one of the seals he holds', async () => {
    fakeServer(olderRoutes())
    const router = renderOlder('/seal-change')
    expect(await screen.findByText('温馨提示')).toBeTruthy()
    for (const step of ['1 确认企业信息', '2 验证身份', '3 设置印章密码', '4 授权关系管理']) expect(screen.getByText(step)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '立即变更' }))
    await screen.findByText('请选择需要变更的印章')
    fireEvent.click(within(document.querySelector<HTMLElement>('.older-chooser')!).getByText(contractSeal.sealName))
    await waitFor(() => expect(here(router)).toBe(`/seal-change/step-1?sealId=${contractSeal.id}`))
  })

  it('with no seal he holds says 暂无可变更的印章', async () => {
    fakeServer({ ...olderRoutes(), 'POST /seal/queryByPersonManage': () => [] })
    renderOlder('/seal-change/step-1')
    expect(await screen.findByText(messages.noChangeableSeals)).toBeTruthy()
  })
})

describe('/seal-change/step-1 确认企业信息', () => {
  it('prefills the seal’s unit and checks the unit part before asking anything', async () => {
    const server = fakeServer({ ...olderRoutes(), 'POST /apply/checkChangeLegal': () => check('0') })
    renderOlder(`/seal-change/step-1?sealId=${officialSeal.id}`)
    expect(await screen.findByDisplayValue(officialSeal.businessName)).toBeTruthy()
    expect(screen.getByDisplayValue(CREDIT_CODE)).toBeTruthy()
    // The seal opened for is chosen and locked.
    const chosen = await screen.findByRole('checkbox', { name: '单位公章' })
    expect(chosen.getAttribute('aria-checked')).toBe('true')
    expect(chosen.getAttribute('aria-disabled')).toBe('true')

    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast(messages.businessLicenseRequired)
    expect(server.callsTo('/apply/checkChangeLegal')).toHaveLength(0)
  })

  it('asks the change check with the logged-in legal representative and stops on type 0', async () => {
    let answer = check('0')
    const server = fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => olderDraft('CHANGE', { unitName: '北京某某科技有限公司', sealInfo: olderDraft('CHANGE').sealInfo.slice(0, 1) }),
      'POST /apply/checkChangeLegal': () => answer,
    })
    const router = renderOlder(`/seal-change/step-1?sealId=${officialSeal.id}&id=app-9`)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    expect(await screen.findByText(messages.nothingChanged)).toBeTruthy()
    expect(server.callsTo('/apply/checkChangeLegal')[0]!.body).toEqual({
      personName: holder.personName,
      personIdentity: LEGAL_ID,
      identityType: '111',
      socialCreditCode: CREDIT_CODE,
      sealId: officialSeal.id,
      unitName: '北京某某科技有限公司',
      unitAdminNum: '110101',
      sealTypeCodes: ['01'],
    })
    fireEvent.click(screen.getByText('返回确认'))
    expect(here(router)).toContain('/seal-change/step-1')
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull())

    // Renamed: the seal still naming the unit as it was joins, and the draft goes on to step 2.
    answer = check('3', { requiredSealIds: [contractSeal.id] })
    fireEvent.change(screen.getByPlaceholderText('请输入单位名称'), { target: { value: '北京某某新科技有限公司' } })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(here(router)).toBe(`/seal-change/step-2?sealId=${officialSeal.id}&id=app-9`))
    const saved = server.callsTo('/seal-apply/apply/temporary').at(-1)!.body as { unitName: string; sealInfo: { sealId: string }[]; businessType: string; applyType: string }
    expect(saved).toMatchObject({ businessType: 'CHANGE', applyType: 'LEGAL_APPLY', unitName: '北京某某新科技有限公司' })
    expect(saved.sealInfo.map((seal) => seal.sealId)).toEqual([officialSeal.id, contractSeal.id])
  })
})

describe('/seal-change/step-2 验证身份', () => {
  const verdict = (resultStatus: string, responseInfo: string) => ({ resultStatus, responseInfo, data: { ranId: resultStatus === '00' ? 'ran-1' : null, passed: resultStatus === '00', nextStep: '2', reason: null } })

  it('verifies the unit with the legal representative’s face check, then goes to the pictures, or first to the seal codes when a type has two records', async () => {
    let records = [record(officialSeal), record(contractSeal)]
    const server = fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => olderDraft('CHANGE', { unitName: '北京某某新科技有限公司', faceSerialNo: 'face-1' }),
      'POST /apply/fourElementsOfEnterpriseVerification': () => verdict('00', '核验通过'),
      'POST /apply/checkChangeLegal': () => check('3'),
      'POST /seal/queryMakeIgnoreStatus': () => records,
    })
    const router = renderOlder(`/seal-change/step-2?sealId=${officialSeal.id}&id=app-9`)
    // Name and number are the login's, fixed.
    expect(((await screen.findByPlaceholderText('请输入法人姓名')) as HTMLInputElement).readOnly).toBe(true)
    expect((screen.getByPlaceholderText('请输入法人身份证号码') as HTMLInputElement).readOnly).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(here(router)).toBe(`/seal-change/step-3/3?sealId=${officialSeal.id}&id=app-9`))
    expect(server.callsTo('/apply/fourElementsOfEnterpriseVerification')[0]!.body).toMatchObject({ applyId: 'app-9', faceSerialNo: 'face-1', name: '北京某某新科技有限公司', socialCode: CREDIT_CODE })
    expect(server.callsTo('/seal/queryMakeIgnoreStatus')[0]!.body).toMatchObject({ carrierTypeCode: 1, socialCreditCode: CREDIT_CODE })
    resetScreen()

    records = [record(officialSeal), record(contractSeal), record(contractSeal, { sealId: 'old-04', sealCode: 'OLD-04', status: '2' })]
    fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => olderDraft('CHANGE', { unitName: '北京某某新科技有限公司', faceSerialNo: 'face-1' }),
      'POST /apply/fourElementsOfEnterpriseVerification': () => verdict('00', '核验通过'),
      'POST /apply/checkChangeLegal': () => check('3'),
      'POST /seal/queryMakeIgnoreStatus': () => records,
    })
    const again = renderOlder(`/seal-change/step-2?sealId=${officialSeal.id}&id=app-9`)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    await waitFor(() => expect(here(again)).toBe(`/seal-change/step-3-1/3?sealId=${officialSeal.id}&id=app-9`))
  })

  it('says why a failed verification failed and offers the new wizard’s manual review on the same draft', async () => {
    fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => olderDraft('CHANGE', { faceSerialNo: 'face-1' }),
      'POST /apply/fourElementsOfEnterpriseVerification': () => verdict('40001', '四要素验证失败：企业名称不匹配'),
    })
    const router = renderOlder(`/seal-change/step-2?sealId=${officialSeal.id}&id=app-9`)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    expect(await screen.findByText('四要素验证失败：企业名称不匹配')).toBeTruthy()
    fireEvent.click(screen.getByText('转人工审核'))
    await waitFor(() => expect(here(router)).toBe(`/new/seal/home?businessType=CHANGE&applicatKind=LEGAL_APPLY&sealId=${officialSeal.id}&id=app-9`))
  })
})

describe('/seal-change/step-3-1 确认印章编码', () => {
  it('offers the records of the type, 无实体印章编码, and a look-up by code that says 未查询到印章 when none', async () => {
    const server = fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => olderDraft('CHANGE', { step: '2', companyVerifyPass: true }),
      'POST /seal/queryMakeIgnoreStatus': (call) =>
        (call.body as { sealCode?: string }).sealCode ? [] : [record(officialSeal), record(contractSeal), record(contractSeal, { sealId: 'old-04', sealCode: 'OLD-04', status: '2' })],
      'POST /seal-apply/apply/temporary': (call) => ({ id: 'app-9', step: (call.body as { step: string }).step }),
    })
    const router = renderOlder(`/seal-change/step-3-1/3?sealId=${officialSeal.id}&id=app-9`)
    const section = await screen.findByRole('region', { name: '合同专用章印章编码' })
    expect(within(section).getByText(/OLD-04/).textContent).toContain('已失效')
    expect(screen.queryByRole('region', { name: '单位公章印章编码' })).toBeNull()
    fireEvent.click(within(section).getByText('查询'))
    await expectToast(messages.sealCodeQueryRequired)
    fireEvent.change(within(section).getByPlaceholderText('请输入印章编码'), { target: { value: 'NOPE' } })
    fireEvent.click(within(section).getByText('查询'))
    expect(await screen.findByText(messages.sealNotFound)).toBeTruthy()
    fireEvent.click(screen.getByText('我知道了'))

    fireEvent.click(within(section).getByText(/C-04/))
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(here(router)).toBe(`/seal-change/step-3/3?sealId=${officialSeal.id}&id=app-9`))
    const saved = server.callsTo('/seal-apply/apply/temporary').at(-1)!.body as { sealInfo: { sealTypeCode: string; sealCode: string }[] }
    expect(saved.sealInfo.find((seal) => seal.sealTypeCode === '04')!.sealCode).toBe('C-04')
  })
})

describe('/seal-change/step-3/:changeTypes 设置印章密码', () => {
  const withNameSeal = () =>
    olderDraft('CHANGE', {
      step: '2',
      companyVerifyPass: true,
      sealInfo: [
        ...olderDraft('CHANGE').sealInfo,
        { _id: 'item-05', sealId: 'seal-05', sealCode: '', sealName: '李四', sealTypeCode: '05', sealTypeName: '法定代表人名章', sealPic: '', originalFileId: '', errorCount: 0, manualReview: false },
      ],
    })

  it.each([
    ['3', ['单位公章', '合同专用章', '法定代表人名章']],
    ['1', ['法定代表人名章']],
    ['2', []],
  ])('type %s asks a picture of %j only', async (type, asked) => {
    fakeServer({ ...olderRoutes(), 'GET /seal-apply/apply/detail': () => withNameSeal() })
    renderOlder(`/seal-change/step-3/${type}?sealId=${officialSeal.id}&id=app-9`)
    await screen.findByRole('region', { name: '印章图片' })
    const inputs = [...document.querySelectorAll('input[type=file]')].map((input) => input.getAttribute('aria-label'))
    expect(inputs).toHaveLength(asked.length)
    expect(screen.queryAllByText('本次变更不涉及该印章的印面，沿用原有的印章图片。')).toHaveLength(3 - asked.length)
  })

  it('asks for the seal password by the shared rule, saves through the wizard’s save and goes to 授权关系管理', async () => {
    const server = fakeServer({ ...olderRoutes(), 'GET /seal-apply/apply/detail': () => olderDraft('CHANGE', { step: '2', companyVerifyPass: true }) })
    const router = renderOlder(`/seal-change/step-3/2?sealId=${officialSeal.id}&id=app-9`)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    await expectToast('请输入法人用章密码')
    fireEvent.change(screen.getByLabelText('印章密码', { selector: 'input' }), { target: { value: 'abc12345' } })
    fireEvent.change(screen.getByLabelText('确认印章密码', { selector: 'input' }), { target: { value: 'abc12346' } })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('法人用章密码两次不一致')
    fireEvent.change(screen.getByLabelText('确认印章密码', { selector: 'input' }), { target: { value: 'abc12345' } })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(here(router)).toBe(`/seal-change/step-4?sealId=${officialSeal.id}&id=app-9`))
    expect(server.callsTo('/seal-apply/apply/save')[0]!.body).toMatchObject({ id: 'app-9', step: '3-1', legalPassword: 'abc12345' })
  })

  it('shows the server’s refusal of the save', async () => {
    fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => olderDraft('CHANGE', { step: '2', companyVerifyPass: true, legalPasswordSet: true }),
      'POST /seal-apply/apply/save': () => new Refusal('400', '请先完成单位信息核验'),
    })
    renderOlder(`/seal-change/step-3/2?sealId=${officialSeal.id}&id=app-9`)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    await expectToast('请先完成单位信息核验')
  })
})

describe('/seal-change/step-4 授权关系管理', () => {
  it('lists each seal’s authorisations, keeps them by default, and asks for the authorisation file with their ids', async () => {
    const auth = { id: 'auth-1', authId: 'auth-1', sealId: contractSeal.id, sealType: '04', name: '王小明', authUseType: '1', authStartTime: Date.parse('2026-01-01T00:00:00+08:00'), authEndTime: Date.parse('2026-12-31T23:59:59+08:00') }
    const server = fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => olderDraft('CHANGE', { step: '3-1', companyVerifyPass: true, legalPasswordSet: true, serialNo: 'ran-1', unitName: '北京某某新科技有限公司' }),
      'POST /paas-composite-seal/seal/authorize/queryBySealId': (call) => ((call.body as { sealId: string }).sealId === contractSeal.id ? [auth] : []),
      'POST /apply/getUpdateAuthFile': () => ({ authFileId: 'f-form', signLocation: { page: 1, x: 0, y: 0, width: 10, height: 10 }, files: [{ key: 'applyFormId', title: '电子印章申请表', fileId: 'f-form' }] }),
      'GET /file/download/*': () => new Refusal('404', '文件不存在'),
    })
    renderOlder(`/seal-change/step-4?sealId=${officialSeal.id}&id=app-9`)
    expect(await screen.findByLabelText('授权人员王小明')).toBeTruthy()
    expect(screen.getByText('授权期限：2026.01.01 至 2026.12.31')).toBeTruthy()
    expect(server.callsTo('/paas-composite-seal/seal/authorize/queryBySealId').map((c) => c.body)).toEqual([
      { sealId: officialSeal.id, sealPlatType: 0 },
      { sealId: contractSeal.id, sealPlatType: 0 },
    ])
    fireEvent.click(screen.getByRole('button', { name: '签署并提交' }))
    expect(await screen.findByText('签署文件')).toBeTruthy()
    expect(server.callsTo('/apply/getUpdateAuthFile')[0]!.body).toEqual({
      authIds: ['auth-1'],
      businessName: '北京某某新科技有限公司',
      identityType: '111',
      personIdentity: LEGAL_ID,
      personName: '李四',
      socialCreditCode: CREDIT_CODE,
      ranId: 'ran-1',
    })
    // Closing the signing without signing: 取消签署.

    const shown = vi.spyOn(Toast, 'show')
    fireEvent.click(document.querySelector('.older-sign-sheet .adm-nav-bar-back')!)
    expect(shown).toHaveBeenCalledWith({ content: messages.signingCancelled })
    await waitFor(() => expect(document.querySelector('.older-sign-sheet')).toBeNull())
    shown.mockRestore()

    // Switched off, none is kept.
    fireEvent.click(screen.getByRole('switch', { name: '保留原授权关系' }))
    expect(await screen.findByText('变更通过后，以下人员的授权将全部解除。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '签署并提交' }))
    await waitFor(() => expect(server.callsTo('/apply/getUpdateAuthFile')).toHaveLength(2))
    expect((server.callsTo('/apply/getUpdateAuthFile')[1]!.body as { authIds: string[] }).authIds).toEqual([])
  })
})

describe.skipIf(!skia)('/seal-change/step-4 signing and submitting', () => {
  beforeEach(canvasesOnSkia)
  afterEach(() => {
    vi.restoreAllMocks()
    forgetSkiaCanvases()
  })

  it('signs the authorisation file and submits the change, naming the signed file, then shows the result', async () => {
    const documents = [
      { key: 'applyFormId', title: '电子印章申请表', fileId: 'f-form' },
      { key: 'applyConfirmDocumentId', title: '电子印章申请确认书', fileId: 'f-confirm' },
    ]
    const draft = olderDraft('CHANGE', { step: '3-1', companyVerifyPass: true, legalPasswordSet: true, serialNo: 'ran-1', unitName: '北京某某新科技有限公司' })
    const server = fakeServer({
      ...olderRoutes(),
      'GET /seal-apply/apply/detail': () => draft,
      'POST /paas-composite-seal/seal/authorize/queryBySealId': () => [],
      'POST /apply/getUpdateAuthFile': () => ({ authFileId: 'f-form', signLocation: { page: 1, x: 0, y: 0, width: 10, height: 10 }, files: documents }),
      'GET /file/download/*': () => new Refusal('404', '文件不存在'),
      'POST /sign/handwriting/save': () => ({ pass: true, verifyRes: { score: 1 }, compared: false, signatureId: 'sig-1', signatureFileId: 'sig-file', sampleCount: 1 }),
      'POST /seal-apply/apply/signCode': () => ({ resendAfterSeconds: 60 }),
      'POST /seal-apply/apply/submitSign': () => ({ ...draft, signedFiles: [{ key: 'applyFormId', title: '电子印章申请表', fileId: 'f-form-signed' }, { key: 'applyConfirmDocumentId', title: '电子印章申请确认书', fileId: 'f-confirm-signed' }] }),
      'POST /apply/multiple/updateOrApply': () => ({ applyId: 'app-9', applyStatus: 'APPLY_SUCCESS' }),
    })
    const router = renderOlder(`/seal-change/step-4?sealId=${officialSeal.id}&id=app-9`)
    expect(await screen.findByText('所选印章暂无授权人员。')).toBeTruthy()
    const next = screen.getByRole('button', { name: '签署并提交' }) as HTMLButtonElement
    await waitFor(() => expect(next.disabled).toBe(false))
    fireEvent.click(next)
    await screen.findByText('签署文件')
    const sheet = document.querySelector<HTMLElement>('.older-sign-sheet')!
    expect(within(sheet).getByText(/签署《电子印章申请表》《电子印章申请确认书》/)).toBeTruthy()
    fireEvent.click(within(sheet).getByText('点击此处手写签名'))
    await drawStroke(line([60, 80], [220, 90], 10))
    fireEvent.click(screen.getByText('确定'))
    await within(sheet).findByRole('img', { name: '我的签名' })
    fireEvent.click(within(sheet).getByText('获取验证码'))
    fireEvent.change(within(sheet).getByPlaceholderText('请输入验证码'), { target: { value: '123456' } })
    fireEvent.click(within(sheet).getByText('确认签署'))
    await waitFor(() => expect(here(router)).toBe('/new/seal-result?id=app-9'))
    const submitted = server.callsTo('/apply/multiple/updateOrApply')[0]!.body as Record<string, unknown>
    expect(submitted).toMatchObject({ authFileId: 'f-form-signed', authIds: [], ranId: 'ran-1', tel: draft.legalTel, license: 'f-lic', unitTypeCode: '02' })
    expect(submitted.cloudApplyParams).toEqual([
      expect.objectContaining({ sealId: officialSeal.id, sealTypeCode: '01', applyType: 3, unitName: '北京某某新科技有限公司', personIdentity: LEGAL_ID }),
      expect.objectContaining({ sealId: contractSeal.id, sealTypeCode: '04', applyType: 3 }),
    ])
  })
})
