import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen } from '@testing-library/react'
import { appConfig, fakeApi, legalRepresentative, refused } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { readOlderDraft } from './older-draft.ts'
import { OlderStep2Page } from './step2-page.tsx'
import { expectToast, resetScreen, storeDraft } from './test-support.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const me = { ...legalRepresentative, kind: 'personal' as const, personName: '李四', personCard: '310104198506124562', socialCreditCode: null, companyName: null }

function serve(save: () => unknown = () => ({ id: 'app-7' })) {
  return fakeApi({
    'GET /auth/me': () => me,
    'POST /config/queryByIdentity': () => appConfig(),
    'POST /file/previewLink': () => ({ url: '/api/file/x', expiresAt: 0 }),
    'POST /apply/older/save': save,
  })
}
const open = () => renderScreen('/seal-apply/step-2', { path: '/seal-apply/step-2', element: <OlderStep2Page /> })
const next = () => fireEvent.click(screen.getByRole('button', { name: '下一步' }))

describe('older wizard step 2 验证身份', () => {
  it('is the logged-in legal representative; checks his photos and phone, stores the draft, then asks for his face', async () => {
    storeDraft({ identityFront: '', identityBack: '', tel: '', personName: '', identityNum: '' })
    serve()
    open()
    // Name and number are the login's, not typed.
    expect(await screen.findByDisplayValue('李四')).toHaveProperty('readOnly', true)
    expect(screen.getByDisplayValue('310104198506124562')).toHaveProperty('readOnly', true)
    next()
    await expectToast('请上传法人证件照人像面照片')
    // Both sides read and stored (as their recognition leaves them): the phone is next.
    resetScreen()
    const again = serve()
    storeDraft({ identityFront: 'f-front', identityBack: 'f-back', tel: '' })
    open()
    await screen.findByDisplayValue('李四')
    next()
    await expectToast('请输入正确的法人手机号')
    fireEvent.change(screen.getByPlaceholderText('请输入法人手机号'), { target: { value: '13800000002' } })
    next()
    expect(await screen.findByText('法定代表人人脸识别')).toBeTruthy()
    expect(again.to('POST /apply/older/save')[0]!.body).toMatchObject({
      unitName: '示例科技有限公司',
      socialCreditCode: '91110108MA01ABCDEN',
      unitTypeCode: '02',
      license: 'f-lic',
      addressState: ['北京市', '北京市', '110108'],
      personName: '李四',
      identityNum: '310104198506124562',
      identityFront: 'f-front',
      identityBack: 'f-back',
      tel: '13800000002',
      seals: [
        { sealTypeCode: '01', sealName: '' },
        { sealTypeCode: '04', sealName: '' },
      ],
    })
    expect(readOlderDraft().applyId).toBe('app-7')
  })

  it('says what the server refused and stays', async () => {
    storeDraft()
    serve(() => refused('上传证件信息与当前法人身份信息不一致，请重新上传！'))
    open()
    await screen.findByDisplayValue('李四')
    next()
    await expectToast('上传证件信息与当前法人身份信息不一致，请重新上传！')
    expect(screen.queryByText('法定代表人人脸识别')).toBeNull()
  })
})
