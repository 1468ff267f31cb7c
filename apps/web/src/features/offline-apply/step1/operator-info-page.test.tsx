import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { buildRegionTree } from '@seal/shared/regions/region-tree'
import {
  CREDIT_CODE,
  expectToast,
  fakeServer,
  OPERATOR_ID,
  operatorLogin,
  Refusal,
  resetScreen,
} from '../../../../test/unit-apply-wizard.tsx'
import { OFFLINE, offlineDetail, renderOffline, where } from '../../../../test/offline-apply.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const regionTree = buildRegionTree()
const sealOptions = [
  {
    sealTypeCode: '01',
    sealTypeName: '单位公章',
    canMake: true,
    required: true,
    applied: false,
    sealId: '',
    sealName: '',
    sealCode: '',
    status: '',
  },
  {
    sealTypeCode: '04',
    sealTypeName: '合同专用章',
    canMake: true,
    required: false,
    applied: false,
    sealId: '',
    sealName: '',
    sealCode: '',
    status: '',
  },
  {
    sealTypeCode: '02',
    sealTypeName: '财务专用章',
    canMake: false,
    required: false,
    applied: true,
    sealId: '',
    sealName: '',
    sealCode: '',
    status: '',
  },
]

function serve(routes: Record<string, (call: any) => unknown> = {}) {
  return fakeServer({
    'GET /auth/me': () => operatorLogin,
    'GET /seal-apply/region/list': () => regionTree,
    'POST /file/previewLink': () => ({ url: '/api/file/preview/x', expiresAt: 0 }),
    [`POST ${OFFLINE}/firstApplyDetail`]: () => null,
    [`POST ${OFFLINE}/seal/info`]: () => sealOptions,
    ...routes,
  })
}

describe('operator information (step-1)', () => {
  it('starts with the logged-in operator and names the first missing thing in the spec’s order', async () => {
    serve()
    renderOffline('/seal-apply/operator/step-1')
    const operator = within(await screen.findByRole('region', { name: '经办人信息' }))
    expect((operator.getByPlaceholderText('请输入经办人身份证号码') as HTMLInputElement).value).toBe(
      OPERATOR_ID,
    )
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('请上传经办人证件照人像面照片')
  })

  it('keeps a draft on the server: 暂存 creates it, then updates it, and the address names it', async () => {
    const server = serve({
      [`POST ${OFFLINE}/create`]: () => ({ applyId: 'off-7', applyStatus: 7 }),
      [`POST ${OFFLINE}/updateByApplyId`]: () => ({ applyId: 'off-7', applyStatus: 7 }),
    })
    renderOffline('/seal-apply/operator/step-1')
    const operator = within(await screen.findByRole('region', { name: '经办人信息' }))
    fireEvent.change(operator.getByPlaceholderText('请输入经办人手机号'), {
      target: { value: '13800138000' },
    })
    fireEvent.click(screen.getByRole('button', { name: '暂存' }))
    await expectToast('暂存成功')
    expect(server.callsTo(`${OFFLINE}/create`)[0]!.body).toMatchObject({
      businessType: 1,
      operatorRealName: '王五',
      operatorTel: '13800138000',
    })
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-1?applyId=off-7'))
    fireEvent.click(screen.getByRole('button', { name: '暂存' }))
    await waitFor(() => expect(server.callsTo(`${OFFLINE}/updateByApplyId`)).toHaveLength(1))
    expect(server.callsTo(`${OFFLINE}/updateByApplyId`)[0]!.body).toMatchObject({ applyId: 'off-7' })
    expect(server.callsTo(`${OFFLINE}/create`)).toHaveLength(1)
  })

  it('loses nothing typed when the save fails: the copy comes back after a reload', async () => {
    serve({ [`POST ${OFFLINE}/create`]: () => new Refusal('10000', '服务繁忙') })
    renderOffline('/seal-apply/operator/step-1')
    const legal = within(await screen.findByRole('region', { name: '法定代表人信息' }))
    fireEvent.change(legal.getByPlaceholderText('请输入法人手机号'), { target: { value: '13900139000' } })
    fireEvent.click(screen.getByRole('button', { name: '暂存' }))
    await expectToast('服务繁忙')
    cleanup()
    renderOffline('/seal-apply/operator/step-1')
    const again = within(await screen.findByRole('region', { name: '法定代表人信息' }))
    expect((again.getByPlaceholderText('请输入法人手机号') as HTMLInputElement).value).toBe('13900139000')
  })

  it('asks to continue the operator’s open draft (检测到您有暂存的数据，是否继续申请?)', async () => {
    serve({
      [`POST ${OFFLINE}/firstApplyDetail`]: () => offlineDetail({ applyId: 'off-5' }),
      [`GET ${OFFLINE}/applyDetail/off-5`]: () =>
        offlineDetail({ applyId: 'off-5', sealUseCompany: '北京暂存科技有限公司' }),
    })
    renderOffline('/seal-apply/operator/step-1')
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('检测到您有暂存的数据，是否继续申请?')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: '是' }))
    expect(await screen.findByDisplayValue('北京暂存科技有限公司')).toBeTruthy()
  })

  it('chooses the required unit seal, locks it, and disables a type already applied for', async () => {
    serve({ [`GET ${OFFLINE}/applyDetail/off-1`]: () => offlineDetail({ gaSealTypeInfos: [] }) })
    renderOffline('/seal-apply/operator/step-1?applyId=off-1')
    const official = await screen.findByRole('checkbox', { name: '单位公章（必选）' })
    await waitFor(() => expect(official.getAttribute('aria-checked')).toBe('true'))
    fireEvent.click(official)
    expect(official.getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('checkbox', { name: '财务专用章（已申请）' }).getAttribute('aria-disabled')).toBe(
      'true',
    )
    fireEvent.click(screen.getByRole('checkbox', { name: '合同专用章' }))
    expect(screen.getByRole('checkbox', { name: '合同专用章' }).getAttribute('aria-checked')).toBe('true')
  })

  it('keeps a reapplication to the seals rejected before: the unit seal is not added again', async () => {
    const server = serve({
      [`GET ${OFFLINE}/applyDetail/off-2`]: () =>
        offlineDetail({
          applyId: 'off-2',
          gaSealTypeInfos: [
            {
              id: 'item-04',
              sealType: '04',
              sealName: '合同专用章',
              sealId: '',
              sealCode: '',
              sealPicFileId: '',
              manualReview: false,
              errorCount: 0,
            },
          ],
        }),
      [`POST ${OFFLINE}/updateByApplyId`]: () => ({ applyId: 'off-2', applyStatus: 7 }),
    })
    renderOffline('/seal-apply/operator/step-1?applyId=off-2')
    const official = await screen.findByRole('checkbox', { name: '单位公章（必选）' })
    expect(screen.getByRole('checkbox', { name: '合同专用章' }).getAttribute('aria-checked')).toBe('true')
    expect(official.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-2-1?applyId=off-2'))
    expect(
      (server.callsTo(`${OFFLINE}/updateByApplyId`)[0]!.body as { gaSealTypeInfos: unknown }).gaSealTypeInfos,
    ).toEqual([expect.objectContaining({ id: 'item-04', sealType: '04' })])
  })

  it('saves a complete draft and goes to the seal patterns; a renewal goes to the materials', async () => {
    for (const [businessType, next] of [
      [1, '/seal-apply/operator/step-2-1?applyId=off-1'],
      [4, '/seal-apply/operator/step-2?applyId=off-1'],
    ] as const) {
      const server = serve({
        [`GET ${OFFLINE}/applyDetail/off-1`]: () =>
          offlineDetail({
            businessType,
            gaSealTypeInfos: [
              {
                id: 'item-01',
                sealType: '01',
                sealName: '单位公章',
                sealId: businessType === 4 ? 'seal-1' : '',
                sealCode: '',
                sealPicFileId: '',
                manualReview: false,
                errorCount: 0,
              },
            ],
          }),
        [`POST ${OFFLINE}/seal/info`]: () =>
          businessType === 4
            ? [{ ...sealOptions[0]!, required: false, sealId: 'seal-1', sealName: '单位公章', status: '1' }]
            : sealOptions,
        [`POST ${OFFLINE}/updateByApplyId`]: () => ({ applyId: 'off-1', applyStatus: 7 }),
      })
      renderOffline('/seal-apply/operator/step-1?applyId=off-1')
      await screen.findByDisplayValue(CREDIT_CODE)
      fireEvent.click(screen.getByRole('button', { name: '下一步' }))
      await waitFor(() => expect(where()).toBe(next))
      expect(server.callsTo(`${OFFLINE}/updateByApplyId`)[0]!.body).toMatchObject({
        applyId: 'off-1',
        businessType,
        gaSealTypeInfos: [{ id: 'item-01', sealType: '01' }],
      })
      resetScreen()
    }
  })

  it('sends a submitted application to its result page', async () => {
    serve({ [`GET ${OFFLINE}/applyDetail/off-1`]: () => offlineDetail({ applyStatus: 0 }) })
    renderOffline('/seal-apply/operator/step-1?applyId=off-1')
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-3-1?applyId=off-1'))
  })

  it('says 加载失败 with the reason and 重试 when the draft cannot be read', async () => {
    serve({ [`GET ${OFFLINE}/applyDetail/off-1`]: () => new Refusal('10000', '未查询到申请记录') })
    renderOffline('/seal-apply/operator/step-1?applyId=off-1')
    expect(await screen.findByText('加载失败,未查询到申请记录')).toBeTruthy()
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy()
  })
})
