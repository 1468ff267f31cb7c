import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { sealPhotoGuidance } from '@seal/shared/codes/seal-photo-guide'
import { unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { defaultRoutes, draftDetail, expectToast, fakeServer, idNumber, LEGAL_ID, location, OPERATOR_ID, operatorLogin, pickFile, renderWizard, resetScreen } from '../../../../test/unit-apply-wizard.tsx'

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
    // Code 1003 of the photo guide (000 §8): restamp on clean smooth paper, stand it against a wall, camera facing.
    expect(screen.getByText(sealPhotoGuidance('1003')!)).toBeTruthy()
    expect(screen.getByText('取消')).toBeTruthy()
    fireEvent.click(screen.getByText('重新上传'))
    // The tile is empty again, ready for another photo.
    await screen.findByLabelText('上传单位公章印模照片')
    pickFile('上传单位公章印模照片')
    // The first dialog may still be closing: the newest is the last.
    const review = (await screen.findByText('提交人工审核')).closest('.adm-dialog')!
    expect(within(review as HTMLElement).getByText(sealPhotoGuidance('1003')!)).toBeTruthy()
    fireEvent.click(await screen.findByText('提交人工审核'))
    expect(await screen.findByText('已提交人工审核')).toBeTruthy()
    expect(server.callsTo('/seal-apply/seal/cutoutBase64')[0]!.body).toMatchObject({ sealName: '单位公章', file: expect.stringMatching(/^data:image\/png;base64,/) })

    // The seal needs no cut-out now. An operator sets none of the legal representative's PINs: he signs and sets it.
    expect(screen.getByText(unitApplyMessages.legalSetsOwnPin)).toBeTruthy()
    expect(screen.queryByLabelText('印章密码', { selector: 'input' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    expect(await screen.findByText('上传已签字盖章的申请表')).toBeTruthy()
    const saved = server.callsTo('/seal-apply/apply/save')[0]!.body as { step: string; legalPassword?: string; sealInfo: { manualReview: boolean; originalFileId: string; errorCount: number }[] }
    expect(saved.step).toBe('3-1')
    expect(saved.legalPassword).toBeUndefined()
    expect(saved.sealInfo[0]).toMatchObject({ manualReview: true, errorCount: 2, originalFileId: expect.stringMatching(/^file-/) })
  })

  it('asks the legal representative applying for his PIN by the rule; an operator for the manager’s only when he is the manager', async () => {
    const legalLogin = { ...operatorLogin, personName: '李四', personCard: LEGAL_ID }
    const picture = { sealInfo: [{ ...draftDetail().sealInfo[0]!, sealPic: 'f-cut', originalFileId: 'f-photo' }] }
    const server = fakeServer({ ...defaultRoutes(legalLogin), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '2', applyType: 'LEGAL_APPLY', ...picture }) })
    renderWizard(entry('LEGAL_APPLY'))
    await screen.findByText('上传印章图片')
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
    expect((server.callsTo('/seal-apply/apply/save')[0]!.body as { legalPassword: string }).legalPassword).toBe('abc12345')
    resetScreen()

    const manager = { setSealManager: true, sealManagerName: '陈静', sealManagerIdentityNo: idNumber('32010219951120345'), sealManagerTel: '13900001111' }
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '2', ...picture, ...manager }) })
    renderWizard(entry())
    await screen.findByText('上传印章图片')
    expect(screen.queryByLabelText('管理员用章密码', { selector: 'input' })).toBeNull()
    resetScreen()

    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '2', ...picture, ...manager, sealManagerName: '王五', sealManagerIdentityNo: OPERATOR_ID }) })
    renderWizard(entry())
    await screen.findByText('上传印章图片')
    expect(screen.getByLabelText('管理员用章密码', { selector: 'input' })).toBeTruthy()
    expect(screen.queryByLabelText('印章密码', { selector: 'input' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('请输入管理员密码')
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
