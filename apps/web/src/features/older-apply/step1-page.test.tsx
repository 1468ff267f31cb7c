import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { buildRegionTree } from '@seal/shared/regions/region-tree'
import { appConfig, fakeApi, legalRepresentative } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { readOlderDraft } from './older-draft.ts'
import { OlderStep1Page } from './step1-page.tsx'
import { CREDIT_CODE, expectToast, resetScreen, storeDraft } from './test-support.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const types = ['01', '02', '03', '04', '05', '99'].map((sealTypeCode, i) => ({
  sealTypeCode,
  sealTypeName: ['单位公章', '财务专用章', '发票专用章', '合同专用章', '法定代表人名章', '其他类型印章'][i]!,
  canMake: true,
}))
const record = (sealTypeCode: string, status: string) => ({ sealId: `s-${sealTypeCode}`, sealTypeCode, sealTypeName: '', sealName: '', sealCode: `C${sealTypeCode}`, status, personName: '李四', unitAdminNum: '110108', businessName: '示例科技有限公司', personIdentity: '3101***4562', extraMark: '' })

function serve(records: ReturnType<typeof record>[] = [], cannot: { sealTypeCode: string; sealTypeName: string; applying: boolean }[] = []) {
  return fakeApi({
    'GET /auth/me': () => legalRepresentative,
    'POST /config/queryByIdentity': () => appConfig(),
    'GET /seal-apply/region/list': () => buildRegionTree(),
    'POST /file/previewLink': () => ({ url: '/api/file/x', expiresAt: 0 }),
    'POST /apply/get/applySealTypeCode': () => types.map((type) => ({ ...type, canMake: !cannot.some((c) => c.sealTypeCode === type.sealTypeCode) && !records.some((r) => r.sealTypeCode === type.sealTypeCode && r.status !== '2') })),
    'POST /seal/queryMake': () => records,
    'POST /seal/queryCannotMakeBySocialCreditCode': () => cannot,
  })
}

const open = () => renderScreen('/seal-apply/step-1', { path: '/seal-apply/step-1', element: <OlderStep1Page /> })
const option = (name: string) => within(screen.getByRole('group', { name: '印章类型' })).getByRole('checkbox', { name })

describe('older wizard step 1 完善信息', () => {
  it('chooses and locks the unit seal, adds others, and checks the unit in the spec’s order before step 2', async () => {
    storeDraft({ seals: [], unitName: '示例', addressState: [] })
    const api = serve()
    open()
    expect(await screen.findByRole('checkbox', { name: '单位公章（必选）' })).toHaveProperty('ariaChecked', 'true')
    expect(api.to('POST /seal/queryMake')[0]!.body).toMatchObject({ carrierTypeCode: 1, socialCreditCode: CREDIT_CODE })
    fireEvent.click(option('单位公章（必选）'))
    await expectToast('单位公章为必选印章，不可取消选择')
    fireEvent.click(option('合同专用章'))
    expect(option('合同专用章').getAttribute('aria-checked')).toBe('true')

    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('单位名称过短')
    fireEvent.change(screen.getByPlaceholderText('请输入单位名称'), { target: { value: '示例科技有限公司' } })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('请选择注册地')
    // The unit type must be the one the credit code says.
    fireEvent.click(screen.getByText('行政事业单位'))
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('您上传的证照不是行政事业单位，请检查后重试')
    fireEvent.click(screen.getByText('普通企业'))
    storeDraft({ ...readOlderDraft(), addressState: ['北京市', '北京市', '110108'] })
    // The page again on the stored draft, as after a reload.
    cleanup()
    open()
    await screen.findByRole('checkbox', { name: '合同专用章' })
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/seal-apply/step-2')
    expect(readOlderDraft().seals.map((seal) => seal.sealTypeCode)).toEqual(['01', '04'])
  })

  it('reads the unit’s records: changing and in application not choosable, in effect is a change, awaiting making locked', async () => {
    storeDraft({ seals: [] })
    serve([record('01', '1'), record('02', '8'), record('03', '7')], [{ sealTypeCode: '05', sealTypeName: '法定代表人名章', applying: true }])
    open()
    expect(await screen.findByRole('checkbox', { name: '发票专用章（待激活）' })).toHaveProperty('ariaChecked', 'true')
    fireEvent.click(option('发票专用章（待激活）'))
    await expectToast('待激活的印章不可取消选择')
    fireEvent.click(option('财务专用章（变更中）'))
    await expectToast('该印章正在变更中，不可选择')
    fireEvent.click(option('法定代表人名章（申请中）'))
    await expectToast('该印章正在申请中，不可选择')
    // The unit holds its unit seal: it is not required, and choosing it again is a change.
    fireEvent.click(option('单位公章（已生效）'))
    fireEvent.click(await screen.findByText('去变更'))
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/seal-change')
  })
})
