import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { defaultRoutes, draftDetail, expectToast, fakeServer, location, Refusal, renderWizard, resetScreen } from '../../../../test/unit-apply-wizard.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const entry = '/new/seal/home?businessType=APPLY&applicatKind=OPERATOR_APPLY&id=app-9'
const pick = (count: number) =>
  fireEvent.change(screen.getByLabelText('上传申请表'), {
    target: { files: Array.from({ length: count }, (_, i) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], `form-${i}.png`, { type: 'image/png' })) },
  })

describe('step 3-1 application form', () => {
  it('takes at most 5 files and then disables the upload', async () => {
    const server = fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '3-1' }) })
    renderWizard(entry)
    await screen.findByText('上传已签字盖章的申请表')
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    await expectToast('请上传申请表！')
    pick(3)
    await waitFor(() => expect(server.callsTo('/file/upload')).toHaveLength(3))
    pick(2)
    expect(await screen.findByText('已上传5个文件，不能继续上传')).toBeTruthy()
    expect(screen.queryByLabelText('上传申请表')).toBeNull()
    expect(server.callsTo('/file/upload')).toHaveLength(5)
  })

  it('refuses a file over 10 MB', async () => {
    const server = fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '3-1' }) })
    renderWizard(entry)
    fireEvent.change(await screen.findByLabelText('上传申请表'), {
      target: { files: [new File([new Uint8Array(10 * 1048576 + 1)], 'big.pdf', { type: 'application/pdf' })] },
    })
    await expectToast('文件大小不能超过10M')
    expect(server.callsTo('/file/upload')).toHaveLength(0)
  })

  it('needs the truthfulness box, confirms once, then saves, submits and shows the result', async () => {
    let submits = 0
    const server = fakeServer({
      ...defaultRoutes(),
      'GET /seal-apply/apply/detail': () => draftDetail({ step: '3-1', applicationFiles: ['f-form'] }),
      'POST /seal-apply/apply/submit': () => (++submits === 1 ? new Refusal('10000', '申请信息不完整，请按步骤完成申请') : { id: 'app-9', applyStatus: 'PENDING_REVIEW' }),
    })
    renderWizard(entry)
    await screen.findByText('上传已签字盖章的申请表')
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    await expectToast('请勾选并确认所提交材料真实有效')
    fireEvent.click(screen.getByText(/本人承诺所提交的申请材料真实、有效/))
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    fireEvent.click(await screen.findByText('确认提交'))
    await expectToast('申请信息不完整，请按步骤完成申请')
    // The confirmation is asked once: the second try goes straight through.
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    expect(await screen.findByText('申请结果页')).toBeTruthy()
    expect(location()).toBe('/new/seal-result?id=app-9')
    const saves = server.callsTo('/seal-apply/apply/save')
    expect(saves.at(-1)!.body).toMatchObject({ step: '3-1', applicationFiles: ['f-form'], truthful: true })
    expect(server.callsTo('/seal-apply/apply/submit').at(-1)!.body).toMatchObject({ id: 'app-9' })
  })

  it('says 网络异常 when the submission gets no answer', async () => {
    fakeServer({ ...defaultRoutes(), 'GET /seal-apply/apply/detail': () => draftDetail({ step: '3-1', applicationFiles: ['f-form'], truthful: true }) })
    renderWizard(entry)
    await screen.findByText('上传已签字盖章的申请表')
    const answering = globalThis.fetch
    globalThis.fetch = (async (input: string, init?: RequestInit) => {
      if (String(input).endsWith('/seal-apply/apply/submit')) throw new TypeError('Failed to fetch')
      return answering(input, init)
    }) as typeof fetch
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    fireEvent.click(await screen.findByText('确认提交'))
    await expectToast('网络异常')
  })
})
