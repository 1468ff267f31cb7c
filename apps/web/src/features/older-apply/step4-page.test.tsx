import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { emptySeal, readOlderDraft } from './older-draft.ts'
import { OlderStep4Page } from './step4-page.tsx'
import { CREDIT_CODE, expectToast, LEGAL_ID, resetScreen, storeDraft } from './test-support.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const pictured = (type: string, name: string) => ({ ...emptySeal(type, name), sealPic: `cut-${type}`, originalFileId: `photo-${type}`, physical: 'no' as const })

function serve() {
  return fakeApi({
    'GET /auth/me': () => legalRepresentative,
    'POST /config/queryByIdentity': () => appConfig(),
    'POST /file/previewLink': () => ({ url: '/api/file/x', expiresAt: 0 }),
    'POST /apply/multiple/seals': () => ({ logId: 'app-1', applyStatus: 'APPLY_SUCCESS' }),
  })
}

const open = () => renderScreen('/seal-apply/step-4/3', { path: '/seal-apply/step-4/:changeTypes', element: <OlderStep4Page /> })
const typePasswords = (password: string, confirm = password) => {
  fireEvent.change(screen.getByLabelText('印章密码', { selector: 'input' }), { target: { value: password } })
  fireEvent.change(screen.getByLabelText('确认印章密码', { selector: 'input' }), { target: { value: confirm } })
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }))

describe('older wizard step 4 设置密码', () => {
  it('sends back to step 2 without a verified draft', async () => {
    storeDraft()
    serve()
    open()
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/seal-apply/step-2')
  })

  it('asks for every pattern and the password by the rule, then submits by the verification and opens pre-step-5', async () => {
    storeDraft({ applyId: 'app-1', ranId: 'EV-1', companyVerifyPass: true, seals: [pictured('01', '单位公章'), { ...emptySeal('04', '合同专用章'), physical: 'no' }] })
    serve()
    open()
    expect(await screen.findByText('印章图样')).toBeTruthy()
    expect(screen.queryByRole('region', { name: '申请材料' })).toBeNull()
    submit()
    await expectToast('请上传印章图样')
    storeDraft({ ...readOlderDraft(), seals: [pictured('01', '单位公章'), pictured('04', '合同专用章')] })
    const api = resetScreenKeepingDraft()
    await screen.findByText('印章图样')
    submit()
    await expectToast('请输入印章密码')
    typePasswords('123456')
    submit()
    await expectToast('请输入6-16位密码（数字/字母/特殊符号任意两种）')
    typePasswords('abc123', 'abc124')
    submit()
    await expectToast('两次密码不一致')
    typePasswords('abc 123', 'abc123')
    submit()
    fireEvent.click(await screen.findByRole('button', { name: '确认提交' }))
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/seal-apply/pre-step-5?logId=app-1')
    const body = api.to('POST /apply/multiple/seals')[0]!.body
    expect(body).toMatchObject({ ranId: 'EV-1', personFront: 'f-front', personBack: 'f-back', license: 'f-lic', tel: '13800000002', unitTypeCode: '02', applicationFiles: [], truthful: false })
    expect(body.cloudApplyParams).toEqual([
      expect.objectContaining({ sealTypeCode: '01', sealName: '单位公章', pin: 'abc 123', sealPic: 'cut-01', originalFileId: 'photo-01', sealCode: '', applyType: 1, identityType: '111', socialCreditCode: CREDIT_CODE, personIdentity: LEGAL_ID, personName: '李四', unitAdminNum: '110108', phoneId: '13800000002' }),
      expect.objectContaining({ sealTypeCode: '04', sealName: '合同专用章', sealPic: 'cut-04', manualReview: false }),
    ])
    // Sent, the draft is gone (the password never was in it).
    expect(sessionStorage.getItem('seal.olderApply.draft')).toBeNull()
  })

  it('asks for the signed application form when the verification failed, and names other-type seals', async () => {
    storeDraft({ applyId: 'app-1', ranId: 'EV-2', companyVerifyPass: false, seals: [pictured('01', '单位公章'), pictured('99', '其他类型印章')] })
    const api = serve()
    open()
    expect(await screen.findByRole('region', { name: '申请材料' })).toBeTruthy()
    typePasswords('abc123')
    submit()
    await expectToast('请完善其他类型印章名称')
    fireEvent.change(screen.getByLabelText('其他类型印章名称1', { selector: 'input' }), { target: { value: '项目专用章' } })
    submit()
    await expectToast('请上传申请表！')
    expect(api.to('POST /apply/multiple/seals')).toHaveLength(0)
  })
})

/** The page again on the stored draft, as after a reload. */
function resetScreenKeepingDraft() {
  const kept = sessionStorage.getItem('seal.olderApply.draft')
  resetScreen()
  sessionStorage.setItem('seal.olderApply.draft', kept!)
  const api = serve()
  open()
  return api
}
