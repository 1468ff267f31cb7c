import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { fakeApi, refused } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { ActivationIntroPage } from './intro-page.tsx'
import { ActivationListPage } from './list-page.tsx'
import { waitingSeal } from './test-data.ts'

configure({ asyncUtilTimeout: 3000 })
vi.setConfig({ testTimeout: 20_000 })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const listRoute = { path: '/seal-activate/list', element: <ActivationListPage /> }

describe('/seal-activate/list: the seals waiting for activation', () => {
  it('shows each seal with its unit, type and picture, and 去激活 opens step 1 for that seal', async () => {
    fakeApi({ 'POST /seal/queryWaitActive': () => [waitingSeal(), waitingSeal({ id: 'seal-2', sealId: 'seal-2', sealName: '示例科技有限公司合同专用章', sealTypeCode: '04', sealTypeName: '合同专用章' })] })
    renderScreen('/seal-activate/list', listRoute)
    const card = await screen.findByRole('article', { name: '示例科技有限公司合同专用章' })
    expect(card.textContent).toContain('印章类型：合同专用章')
    expect(card.textContent).toContain('所属单位：示例科技有限公司')
    expect(screen.getByRole('img', { name: '示例科技有限公司公章印模' }).getAttribute('src')).toBe('/api/seal/picture/f1?access_token=t')
    fireEvent.click(screen.getAllByRole('button', { name: '去激活' })[1]!)
    expect((await screen.findByTestId('location')).textContent).toBe('/seal-active/step-1?sealId=seal-2')
  })

  it('says 暂无可激活的印章类型 when nothing waits', async () => {
    fakeApi({ 'POST /seal/queryWaitActive': () => [] })
    renderScreen('/seal-activate/list', listRoute)
    expect(await screen.findByText('暂无可激活的印章类型')).toBeTruthy()
  })

  it('says 获取印章信息失败，请重试 when the list cannot be read, and 重试 reads it again', async () => {
    let calls = 0
    fakeApi({ 'POST /seal/queryWaitActive': () => (++calls === 1 ? refused('服务器异常，请稍后再试', '500') : [waitingSeal()]) })
    renderScreen('/seal-activate/list', listRoute)
    expect(await screen.findByText('获取印章信息失败，请重试')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('article', { name: '示例科技有限公司公章' })).toBeTruthy()
  })
})

describe('/seal-activate/:from: the intro', () => {
  it('says how many seals wait and 开始激活 opens the list', async () => {
    fakeApi({ 'POST /seal/queryWaitActive': () => [waitingSeal(), waitingSeal({ id: 'seal-2' })] })
    const { router } = renderScreen('/seal-activate/seal-list', { path: '/seal-activate/:from', element: <ActivationIntroPage /> })
    expect(await screen.findByText('您有 2 枚电子印章待激活')).toBeTruthy()
    expect(screen.getByText('电子印章激活', { selector: '.adm-nav-bar-title' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '开始激活' }))
    // The test's router has only this screen (its :from matches list too); the app's ranks /seal-activate/list first.
    await waitFor(() => expect(router.state.location.pathname).toBe('/seal-activate/list'))
  })
})
