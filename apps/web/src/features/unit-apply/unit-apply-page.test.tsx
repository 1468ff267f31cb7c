import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { defaultRoutes, draftDetail, fakeServer, location, Refusal, renderWizard, resetScreen } from '../../../test/unit-apply-wizard.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const wizardEntry = '/new/seal/home?businessType=APPLY&applicatKind=OPERATOR_APPLY'

describe('entering the new wizard', () => {
  it('asks whether to continue a stored draft and, on 是, continues it at its step with its id in the address', async () => {
    const server = fakeServer({
      ...defaultRoutes(),
      'POST /seal-apply/apply/findDraft': () => ({ id: 'app-9', step: '2', updateTime: 1 }),
      'GET /seal-apply/apply/detail': () => draftDetail({ step: '2' }),
    })
    renderWizard(wizardEntry)
    expect(await screen.findByText('检测到您有暂存的数据，是否继续申请?')).toBeTruthy()
    fireEvent.click(screen.getByText('是'))
    expect(await screen.findByText('上传印章图片')).toBeTruthy()
    await waitFor(() => expect(location()).toContain('id=app-9'))
    expect(server.callsTo('/seal-apply/apply/detail')[0]!.query.get('id')).toBe('app-9')
    expect(server.callsTo('/seal-apply/apply/findDraft')[0]!.body).toMatchObject({ businessType: 'APPLY', applyType: 'OPERATOR_APPLY' })
  })

  it('starts afresh on 否, without loading the draft', async () => {
    const server = fakeServer({
      ...defaultRoutes(),
      'POST /seal-apply/apply/findDraft': () => ({ id: 'app-9', step: '2', updateTime: 1 }),
    })
    renderWizard(wizardEntry)
    fireEvent.click(await screen.findByText('否'))
    expect(await screen.findByRole('region', { name: '经办人信息' })).toBeTruthy()
    // The operator is the logged-in person.
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入经办人姓名').value).toBe('王五')
    expect(server.callsTo('/seal-apply/apply/detail')).toHaveLength(0)
    expect(location()).not.toContain('id=')
  })

  it('goes to the result page for an application that is no longer a draft', async () => {
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ applyStatus: 'PENDING_REVIEW' }) })
    renderWizard(`${wizardEntry}&id=app-9`)
    expect(await screen.findByText('申请结果页')).toBeTruthy()
    expect(location()).toBe('/new/seal-result?id=app-9')
  })

  it('says 加载失败 with the reason when the draft cannot be loaded, and loads it on 重试', async () => {
    let fail = true
    fakeServer({
      ...defaultRoutes(),
      'GET /seal-apply/apply/detail': () => (fail ? new Refusal('10000', '数据不存在') : draftDetail({ step: '3-1' })),
    })
    renderWizard(`${wizardEntry}&id=app-9`)
    expect(await screen.findByText('加载失败,数据不存在')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByText('重试'))
    expect(await screen.findByText('上传已签字盖章的申请表')).toBeTruthy()
  })

  it('keeps what was typed across a reload before any save', async () => {
    fakeServer(defaultRoutes())
    const first = renderWizard(wizardEntry)
    const phone = await screen.findByPlaceholderText<HTMLInputElement>('请输入经办人手机号')
    fireEvent.change(phone, { target: { value: '13800138000' } })
    first.unmount()
    renderWizard(wizardEntry)
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('请输入经办人手机号').value).toBe('13800138000'))
  })

  it('shows the legal representative his real steps: 签署申请文件 (the page he sees), not 上传申请表; the upload once his verification failed', async () => {
    const legalEntry = '/new/seal/home?businessType=APPLY&applicatKind=LEGAL_APPLY&id=app-9'
    const bar = async () => {
      const steps = await screen.findByLabelText('申请进度')
      await waitFor(() => expect(steps.textContent).toContain('设置印章'))
      return steps.textContent
    }
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '2', applyType: 'LEGAL_APPLY', companyVerifyPass: true }) })
    const first = renderWizard(legalEntry)
    expect(await bar()).toContain('签署申请文件')
    expect(await bar()).not.toContain('上传申请表')
    first.unmount()
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '2', applyType: 'LEGAL_APPLY', companyVerifyPass: false }) })
    renderWizard(legalEntry)
    expect(await bar()).toContain('上传申请表')
  })

  it('on 上一步 of step 2 goes back to the whole of step 1', async () => {
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '2' }) })
    renderWizard(`${wizardEntry}&id=app-9`)
    fireEvent.click(await screen.findByText('上一步'))
    expect(await screen.findByRole('region', { name: '单位信息' })).toBeTruthy()
    expect(screen.getByPlaceholderText<HTMLInputElement>('请输入单位名称').value).toBe('北京某某科技有限公司')
  })
})
