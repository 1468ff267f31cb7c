import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { unitApplicationForm, type UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { runPdfWorkerInline, signedPdf } from '../../../test/pdf.ts'
import { canvasesOnSkia, drawStroke, forgetSkiaCanvases, line, skia } from '../../../test/canvas.ts'
import { fakeApi, legalRepresentative, refused, type ApiHandler } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { ApplySignPage } from './apply-sign-page.tsx'

const PATH = '/new/seal/sign'

function detail(): UnitApplicationDetail {
  const form = unitApplicationForm.parse({ businessType: 'APPLY', applyType: 'LEGAL_APPLY', step: '3-1' })
  return {
    ...form,
    id: 'app-1',
    unitName: '北京示例科技有限公司',
    legalPersonName: '张三',
    legalPersonIdentityNo: legalRepresentative.personCard,
    legalTel: '13800138000',
    applyStatus: 'TEMPORARY_SAVE',
    legalPasswordSet: true,
    sealManagerPasswordSet: false,
    companyVerifyPass: true,
    companyVerifyReason: null,
    serialNo: 'ran-1',
    faceSerialNo: 'face-1',
    signedFiles: [],
    failReason: null,
    failSealItems: [],
    successSealItems: [],
    mine: true,
    createTime: 0,
    updateTime: 0,
    submitTime: null,
  }
}

const documents = [
  { key: 'applyFormId', title: '电子印章申请表', fileId: 'file-form' },
  { key: 'authDocumentId', title: '授权委托书', fileId: 'file-auth' },
]

function serve(overrides: Record<string, ApiHandler> = {}) {
  return fakeApi({
    'GET /auth/me': () => legalRepresentative,
    'GET /seal-apply/apply/detail': () => detail(),
    'POST /seal-apply/apply/signDocuments': () => documents,
    'GET /file/download/*': () => new Response(signedPdf(), { headers: { 'content-type': 'application/pdf' } }),
    'POST /sign/handwriting/save': () => ({ pass: true, verifyRes: { score: 1 }, compared: false, signatureId: 'sig-1', signatureFileId: 'sig-file', sampleCount: 1 }),
    'POST /seal-apply/apply/signCode': () => ({ resendAfterSeconds: 60 }),
    'POST /seal-apply/apply/submitSign': () => ({ ...detail(), signedFiles: documents }),
    'POST /seal-apply/apply/submit': () => ({ id: 'app-1', applyStatus: 'PENDING_REVIEW' }),
    ...overrides,
  })
}

const open = (search = '?id=app-1') => renderScreen(`${PATH}${search}`, { path: PATH, element: <ApplySignPage /> })
const location = () => screen.findByTestId('location').then((element) => element.textContent)
const signButton = () => screen.getByText(/^(确认签署|提交申请)$/).closest('button')!

async function writeSignature() {
  fireEvent.click(await screen.findByText('点击此处手写签名'))
  await drawStroke(line([60, 80], [220, 90], 10))
  await drawStroke(line([120, 40], [130, 200], 10))
  fireEvent.click(screen.getByText('确定'))
  await screen.findByRole('img', { name: '我的签名' })
}

async function getCode(code = '123456') {
  fireEvent.click(screen.getByText('获取验证码'))
  await screen.findByText('60秒后重新获取')
  fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: code } })
}

beforeAll(runPdfWorkerInline)
beforeEach(() => {
  if (skia) canvasesOnSkia()
})
afterEach(() => {
  Toast.clear()
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  forgetSkiaCanvases()
  document.body.innerHTML = ''
})

describe.skipIf(!skia)('签署申请文件', () => {
  it('shows each document to sign in its own tab, drawn page by page', async () => {
    const api = serve()
    open()
    expect(await screen.findByText('电子印章申请表')).toBeTruthy()
    expect(screen.getByText('授权委托书')).toBeTruthy()
    expect(await screen.findByRole('img', { name: '第1页' })).toBeTruthy()
    expect(api.to('POST /seal-apply/apply/signDocuments')[0]!.body).toEqual({ id: 'app-1' })
    expect(api.calls.some((call) => call.path === '/file/download/file-form')).toBe(true)
    expect(screen.getByText('验证码将发送至法定代表人手机 138****8000')).toBeTruthy()
  })

  it('keeps 确认签署 off until a signature is written and a 6-digit code typed, then signs and submits', async () => {
    const api = serve()
    open()
    await screen.findByText('电子印章申请表')
    expect(signButton().disabled).toBe(true)

    await writeSignature()
    const saved = api.to('POST /sign/handwriting/save')[0]!.body
    expect(saved).toMatchObject({ identity: legalRepresentative.personCard, name: '张三', purpose: 'sample' })
    expect(saved.signData.strokes).toHaveLength(2)
    expect(signButton().disabled).toBe(true)

    await getCode('12345')
    expect(api.to('POST /seal-apply/apply/signCode')[0]!.body).toEqual({ applyId: 'app-1' })
    expect(signButton().disabled).toBe(true)
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: '123456' } })
    expect(signButton().disabled).toBe(false)

    fireEvent.click(signButton())
    expect(await location()).toBe('/new/seal-result?id=app-1')
    expect(api.to('POST /seal-apply/apply/submitSign')[0]!.body).toEqual({ applyId: 'app-1', signatureId: 'sig-1', smsCode: '123456' })
    expect(api.to('POST /seal-apply/apply/submit')[0]!.body).toEqual({ id: 'app-1' })
    const order = api.calls.map((call) => call.path).filter((path) => path.startsWith('/seal-apply/apply/submit'))
    expect(order).toEqual(['/seal-apply/apply/submitSign', '/seal-apply/apply/submit'])
    // The result page tells the outcome: 签署成功 does not linger over it.
    await waitFor(() => expect(screen.queryByText('签署成功')).toBeNull())
  })

  it('stays on the page with the server message when the code is wrong', async () => {
    const api = serve({ 'POST /seal-apply/apply/submitSign': () => refused('验证码错误') })
    open()
    await screen.findByText('电子印章申请表')
    await writeSignature()
    await getCode()
    fireEvent.click(signButton())
    expect(await screen.findByText('验证码错误')).toBeTruthy()
    expect(api.to('POST /seal-apply/apply/submit')).toHaveLength(0)
    expect(screen.queryByTestId('location')).toBeNull()
    expect(signButton().textContent).toContain('确认签署')
  })

  it('after signing, a failed submission is told and retried without signing again', async () => {
    let submits = 0
    const api = serve({ 'POST /seal-apply/apply/submit': () => (++submits === 1 ? refused('申请状态已变化') : { id: 'app-1', applyStatus: 'PENDING_REVIEW' }) })
    open()
    await screen.findByText('电子印章申请表')
    await writeSignature()
    await getCode()
    fireEvent.click(signButton())
    expect(await screen.findByText('申请状态已变化')).toBeTruthy()
    await waitFor(() => expect(signButton().textContent).toContain('提交申请'))

    fireEvent.click(signButton())
    expect(await location()).toBe('/new/seal-result?id=app-1')
    expect(api.to('POST /seal-apply/apply/submitSign')).toHaveLength(1)
    expect(api.to('POST /seal-apply/apply/submit')).toHaveLength(2)
  })

  it('from the agency centre, ends on its result page without submitting', async () => {
    const api = serve()
    open('?id=app-1&from=agency')
    await screen.findByText('电子印章申请表')
    await writeSignature()
    await getCode()
    fireEvent.click(signButton())
    expect(await location()).toBe('/agency-center/result?id=app-1')
    expect(api.to('POST /seal-apply/apply/submitSign')).toHaveLength(1)
    expect(api.to('POST /seal-apply/apply/submit')).toHaveLength(0)
  })

  it('an operator’s application: the legal representative sets his PIN (by the rule) and the manager’s, sent with his signature', async () => {
    const operators = { ...detail(), applyType: 'OPERATOR_APPLY' as const, applyStatus: 'PENDING_SIGN' as const, mine: false, legalPasswordSet: false, legalPinAtSigning: 'set' as const, managerPinAtSigning: true }
    const api = serve({ 'GET /seal-apply/apply/detail': () => operators })
    open('?id=app-1&from=agency')
    await screen.findByText('电子印章申请表')
    expect(screen.getByText(unitApplyMessages.signSetPin)).toBeTruthy()
    await writeSignature()
    await getCode()
    fireEvent.click(signButton())
    expect(await screen.findByText('请输入法人用章密码')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('法人用章密码', { selector: 'input' }), { target: { value: '123456' } })
    fireEvent.change(screen.getByLabelText('确认法人用章密码', { selector: 'input' }), { target: { value: '123456' } })
    fireEvent.click(signButton())
    expect(await screen.findByText('法人用章密码必须是6-16位英文、数字、特殊符号组合（不能是纯数字）！')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('法人用章密码', { selector: 'input' }), { target: { value: 'Li4pin88' } })
    fireEvent.change(screen.getByLabelText('确认法人用章密码', { selector: 'input' }), { target: { value: 'Li4pin88' } })
    fireEvent.click(signButton())
    expect(await screen.findByText('请输入管理员密码')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('管理员用章密码', { selector: 'input' }), { target: { value: 'Mgr2026a' } })
    fireEvent.change(screen.getByLabelText('确认管理员用章密码', { selector: 'input' }), { target: { value: 'Mgr2026a' } })
    expect(api.to('POST /seal-apply/apply/submitSign')).toHaveLength(0)
    fireEvent.click(signButton())
    expect(await location()).toBe('/agency-center/result?id=app-1')
    expect(api.to('POST /seal-apply/apply/submitSign')[0]!.body).toEqual({
      applyId: 'app-1',
      signatureId: 'sig-1',
      smsCode: '123456',
      legalPassword: 'Li4pin88',
      legalPasswordConfirm: 'Li4pin88',
      sealManagerPassword: 'Mgr2026a',
      sealManagerPasswordConfirm: 'Mgr2026a',
    })
  })

  it('a renewal keeping its seals: the legal representative confirms the PIN they have', async () => {
    const renewal = { ...detail(), businessType: 'RENEWAL' as const, applyType: 'OPERATOR_APPLY' as const, applyStatus: 'PENDING_SIGN' as const, mine: false, legalPinAtSigning: 'confirm' as const }
    const api = serve({ 'GET /seal-apply/apply/detail': () => renewal })
    open('?id=app-1&from=agency')
    await screen.findByText('电子印章申请表')
    expect(screen.getByText(unitApplyMessages.signConfirmPin)).toBeTruthy()
    expect(screen.queryByLabelText('确认法人用章密码', { selector: 'input' })).toBeNull()
    await writeSignature()
    await getCode()
    fireEvent.change(screen.getByLabelText('法人用章密码', { selector: 'input' }), { target: { value: 'Old2025x' } })
    fireEvent.click(signButton())
    expect(await location()).toBe('/agency-center/result?id=app-1')
    expect(api.to('POST /seal-apply/apply/submitSign')[0]!.body).toMatchObject({ legalPassword: 'Old2025x' })
  })

  it('leaving without signing says 取消签署 and returns to the wizard on this application', async () => {
    const api = serve()
    open()
    await screen.findByText('电子印章申请表')
    fireEvent.click(screen.getByText('返回'))
    expect(await screen.findByText('取消签署')).toBeTruthy()
    expect(await location()).toBe('/new/seal/home?businessType=APPLY&applicatKind=LEGAL_APPLY&id=app-1')
    expect(api.to('POST /seal-apply/apply/submitSign')).toHaveLength(0)
  })
})
