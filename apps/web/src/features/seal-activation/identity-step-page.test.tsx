import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { fakeApi, refused, type ApiCall } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { ActivationIdentityPage } from './identity-step-page.tsx'
import { LEGAL_ID, legalLogin, waitingSeal } from './test-data.ts'

configure({ asyncUtilTimeout: 4000 })
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  Toast.clear()
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
const pick = (label: string) => fireEvent.change(screen.getByLabelText(label), { target: { files: [new File([png], 'photo.png', { type: 'image/png' })] } })
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.activation-photo') as HTMLElement

/** OCR reads the portrait side as `front` and the emblem side as `back`; files are stored with ids f-10, f-11. */
function server(readings: { front?: object; back?: object } = {}, extra: Record<string, (call: ApiCall) => unknown> = {}) {
  let stored = 0
  return fakeApi({
    'GET /auth/me': () => legalLogin,
    'POST /seal/queryWaitActive': () => [waitingSeal(), waitingSeal({ id: 'seal-2', sealId: 'seal-2', sealName: '示例科技有限公司合同专用章', sealTypeCode: '04' })],
    'POST /paas-ai/ocr/uploadImgBase64': (call) => ({ busSerialNo: `ocr-${call.body.imgType}` }),
    'POST /paas-ai/ocr/idcard/*': (call) =>
      call.path.endsWith('ocr-10')
        ? { busSerialNo: 'ocr-10', idCardNum: LEGAL_ID, userName: '张伟', ...readings.front }
        : { busSerialNo: 'ocr-11', expiredDateStr: '20360510', ...readings.back },
    'POST /file/uploadBase64': () => ({ fileId: `f-${++stored}`, fileName: 'a.jpg', mediaType: 'image/jpeg', size: 4 }),
    ...extra,
  })
}

const route = { path: '/seal-active/step-1', element: <ActivationIdentityPage /> }

describe('/seal-active/step-1: the legal representative shows his ID card', () => {
  it('reads both sides, sends the stored files with the seal, and takes the ranId to step 2', async () => {
    const api = server({}, { 'POST /seal/activeSealPre': () => ({ ranId: 'AC-ran', expiresAt: Date.now() + 600_000 }) })
    const { router } = renderScreen('/seal-active/step-1?sealId=seal-2', route)
    expect(await screen.findByRole('article', { name: '示例科技有限公司合同专用章' })).toBeTruthy()
    const next = screen.getByRole('button', { name: '下一步' }) as HTMLButtonElement
    expect(next.disabled).toBe(true)
    pick('上传法定代表人身份证人像面')
    expect(await within(fieldOf('上传法定代表人身份证人像面')).findByText('识别成功')).toBeTruthy()
    pick('上传法定代表人身份证国徽面')
    expect(await within(fieldOf('上传法定代表人身份证国徽面')).findByText('识别成功')).toBeTruthy()
    await waitFor(() => expect(next.disabled).toBe(false))
    fireEvent.click(next)
    await waitFor(() => expect(router.state.location.pathname).toBe('/seal-active/step-2'))
    expect(api.to('POST /seal/activeSealPre')[0]!.body).toEqual({ id: 'seal-2', sealCode: '110108000001', sealTypeCode: '04', personFront: 'f-1', personBack: 'f-2' })
    expect(router.state.location.state).toMatchObject({ ranId: 'AC-ran', seal: { id: 'seal-2' } })
    // The ranId is a proof: it travels in the router state, never in the address.
    expect(router.state.location.search).toBe('')
  })

  it("refuses another person's card and an expired one before anything is stored", async () => {
    const api = server({ front: { idCardNum: '110101199003071233', userName: '李四' }, back: { expiredDateStr: '20200101' } })
    renderScreen('/seal-active/step-1?sealId=seal-1', route)
    await screen.findByRole('article', { name: '示例科技有限公司公章' })
    pick('上传法定代表人身份证人像面')
    expect(await within(fieldOf('上传法定代表人身份证人像面')).findByText('上传证件信息与当前法人身份信息不一致，请重新上传！')).toBeTruthy()
    pick('上传法定代表人身份证国徽面')
    expect(await within(fieldOf('上传法定代表人身份证国徽面')).findByText('证件已过期，请上传有效证件！')).toBeTruthy()
    expect(api.to('POST /file/uploadBase64')).toHaveLength(0)
    expect((screen.getByRole('button', { name: '下一步' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it("says the server's word when nothing could be read, and stores nothing", async () => {
    const api = server({}, { 'POST /paas-ai/ocr/idcard/*': () => refused('图片识别失败') })
    renderScreen('/seal-active/step-1?sealId=seal-1', route)
    await screen.findByRole('article', { name: '示例科技有限公司公章' })
    pick('上传法定代表人身份证人像面')
    expect(await within(fieldOf('上传法定代表人身份证人像面')).findByText('图片识别失败')).toBeTruthy()
    expect(api.to('POST /file/uploadBase64')).toHaveLength(0)
  })

  it('answers a seal that is not waiting (or not his) with the way to the list', async () => {
    server()
    renderScreen('/seal-active/step-1?sealId=someone-elses', route)
    expect(await screen.findByText('请选择要激活的电子印章')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '查看待激活印章' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/seal-activate/list')
  })

  it('is the same step on /seal-pending-active-no-make/step-1, titled 电子印章激活', async () => {
    server({}, { 'POST /seal/queryWaitActive': () => [waitingSeal()] })
    renderScreen('/seal-pending-active-no-make/step-1', { path: '/seal-pending-active-no-make/step-1', element: <ActivationIdentityPage /> })
    // The only seal waiting is taken without ?sealId=.
    expect(await screen.findByRole('article', { name: '示例科技有限公司公章' })).toBeTruthy()
    expect(screen.getByText('电子印章激活', { selector: '.adm-nav-bar-title' })).toBeTruthy()
    expect(screen.getByText('上传证件')).toBeTruthy()
  })
})
