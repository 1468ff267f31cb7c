import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { defaultRoutes, draftDetail, expectToast, fakeServer, location, pickFile, renderWizard, resetScreen } from '../test-server.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const entry = (kind = 'OPERATOR_APPLY') => `/new/seal/home?businessType=APPLY&applicatKind=${kind}&id=app-9`
const failed = { succ: false, code: '1003', msg: '未检测到完整的印章，请重新拍摄', originalPic: null, sealPic: null, sealPicBase64: null }
const extracted = { succ: true, code: null, msg: '印模提取成功', originalPic: 'f-photo', sealPic: 'f-cut', sealPicBase64: 'iVBORw0KGgo=' }

describe('step 2 seal setup', () => {
  it('on a first failed extraction offers 重新上传; from the second, manual review keeping the photo', async () => {
    const server = fakeServer({
      ...defaultRoutes(),
      'GET /seal-apply/apply/detail': () => draftDetail({ step: '2' }),
      'POST /seal-apply/seal/cutoutBase64': () => failed,
    })
    renderWizard(entry())
    await screen.findByText('上传印章图片')
    pickFile('上传单位公章印模照片')
    expect(await screen.findByText('印模提取失败')).toBeTruthy()
    expect(screen.getByText('未检测到完整的印章，请重新拍摄')).toBeTruthy()
    expect(screen.getByText('取消')).toBeTruthy()
    fireEvent.click(screen.getByText('重新上传'))
    // The tile is empty again, ready for another photo.
    await screen.findByLabelText('上传单位公章印模照片')
    pickFile('上传单位公章印模照片')
    fireEvent.click(await screen.findByText('提交人工审核'))
    expect(await screen.findByText('已提交人工审核')).toBeTruthy()
    expect(server.callsTo('/seal-apply/seal/cutoutBase64')[0]!.body).toMatchObject({ sealName: '单位公章', sealTypeCode: '01', file: expect.stringMatching(/^data:image\/png;base64,/) })

    // The seal needs no cut-out now; the passwords come next, then the save to 3-1 with the photo for review.
    // The step-2 password is the seal's PIN, called 印章密码 as on 用章 and 修改印章密码; the hint says so.
    const password = within(screen.getByRole('region', { name: '印章密码' }))
    expect(password.getByText(/即电子印章的印章密码，用章时输入/)).toBeTruthy()
    expect(screen.queryByRole('region', { name: '法人用章密码' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('请输入法人用章密码')
    fireEvent.change(screen.getByLabelText('印章密码', { selector: 'input' }), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('法人用章密码必须是6-16位英文、数字、特殊符号组合（不能是纯数字）！')
    fireEvent.change(screen.getByLabelText('印章密码', { selector: 'input' }), { target: { value: 'abc12345' } })
    fireEvent.change(screen.getByLabelText('确认印章密码', { selector: 'input' }), { target: { value: 'abc12346' } })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('法人用章密码两次不一致')
    fireEvent.change(screen.getByLabelText('确认印章密码', { selector: 'input' }), { target: { value: 'abc12345' } })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    expect(await screen.findByText('上传已签字盖章的申请表')).toBeTruthy()
    const saved = server.callsTo('/seal-apply/apply/save')[0]!.body as { step: string; legalPassword: string; sealInfo: { manualReview: boolean; originalFileId: string; errorCount: number }[] }
    expect(saved.step).toBe('3-1')
    expect(saved.legalPassword).toBe('abc12345')
    expect(saved.sealInfo[0]).toMatchObject({ manualReview: true, errorCount: 2, originalFileId: expect.stringMatching(/^file-/) })
  })

  it('shows the cut-out and, for a verified legal representative, goes on to signing', async () => {
    const server = fakeServer({
      ...defaultRoutes(),
      'GET /seal-apply/apply/detail': () =>
        draftDetail({ step: '2', applyType: 'LEGAL_APPLY', companyVerifyPass: true, legalPasswordSet: true }),
      'POST /seal-apply/seal/cutoutBase64': () => extracted,
    })
    renderWizard(entry('LEGAL_APPLY'))
    await screen.findByText('上传印章图片')
    pickFile('上传单位公章印模照片')
    expect(await screen.findByText('印模提取成功')).toBeTruthy()
    await waitFor(() => expect(document.querySelector('.unit-impression img')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo='))
    // The password is already held by the server: it need not be typed again.
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    expect(await screen.findByText('签署页')).toBeTruthy()
    expect(location()).toBe('/new/seal/sign?id=app-9')
    expect((server.callsTo('/seal-apply/apply/save')[0]!.body as { sealInfo: unknown[] }).sealInfo[0]).toMatchObject({ sealPic: 'f-cut', originalFileId: 'f-photo' })
  })
})
