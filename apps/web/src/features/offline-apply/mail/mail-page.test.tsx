import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import {
  expectToast,
  fakeServer,
  operatorLogin,
  Refusal,
  resetScreen,
} from '../../../../test/unit-apply-wizard.tsx'
import { OFFLINE, offlineDetail, renderOffline, where } from '../../../../test/offline-apply.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const ENTRY = '/seal-apply/operator/step-4?applyId=off-1'
const consignee = {
  recipientName: '电子印章受理中心',
  recipientPhone: '400-000-0000',
  recipientAddress: '北京市海淀区某路1号',
  adminMaterials: ['事业单位法人证书复印件'],
  nonAdminMaterials: ['营业执照副本复印件'],
  governmentMaterials: ['单位介绍信'],
}

function serve(routes: Record<string, (call: any) => unknown> = {}, patch = {}) {
  return fakeServer({
    'GET /auth/me': () => operatorLogin,
    'POST /config/queryByIdentity': () => ({ supportPhone: '400-123-4567', supportHours: '工作日' }),
    [`GET ${OFFLINE}/applyDetail/off-1`]: () => offlineDetail({ applyStatus: 0, ...patch }),
    'GET /paas-seal-offline-sdk/v1/config/consignee': () => consignee,
    ...routes,
  })
}

describe('mailing the paper (step-4)', () => {
  it('shows where to send it and the materials for the unit’s kind', async () => {
    serve({}, { unitTypeCode: '06' })
    renderOffline(ENTRY)
    expect(await screen.findByText('北京市海淀区某路1号')).toBeTruthy()
    expect(screen.getByText('事业单位法人证书复印件')).toBeTruthy()
    expect(screen.queryByText('营业执照副本复印件')).toBeNull()
  })

  it('shows the government list for an application made through the government app, wherever it is opened', async () => {
    serve({}, { unitTypeCode: '06', channel: 'gov-app' })
    renderOffline(ENTRY)
    expect(await screen.findByText('单位介绍信')).toBeTruthy()
    expect(screen.queryByText('事业单位法人证书复印件')).toBeNull()
  })

  it('needs both the courier company and the waybill number, then records them and shows 提交成功', async () => {
    const server = serve({ [`POST ${OFFLINE}/recheckByApplyId`]: () => null })
    renderOffline(ENTRY)
    await screen.findByText('营业执照副本复印件')
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    await expectToast('请输入快递公司')
    fireEvent.change(screen.getByRole('textbox', { name: '快递公司' }), { target: { value: '顺丰速运' } })
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    await expectToast('请输入快递单号')
    fireEvent.change(screen.getByRole('textbox', { name: '快递单号' }), { target: { value: 'SF 1234 5678' } })
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-3?applyId=off-1'))
    expect(server.callsTo(`${OFFLINE}/recheckByApplyId`)[0]!.body).toMatchObject({
      applyId: 'off-1',
      deliverCompany: '顺丰速运',
      deliverNo: 'SF12345678',
    })
  })

  it('keeps what was typed when the server refuses', async () => {
    serve({ [`POST ${OFFLINE}/recheckByApplyId`]: () => new Refusal('10000', '当前状态不能进行该操作') })
    renderOffline(ENTRY)
    await screen.findByText('营业执照副本复印件')
    fireEvent.change(screen.getByRole('textbox', { name: '快递公司' }), { target: { value: '顺丰速运' } })
    fireEvent.change(screen.getByRole('textbox', { name: '快递单号' }), { target: { value: 'SF1' } })
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    await expectToast('当前状态不能进行该操作')
    expect((screen.getByRole('textbox', { name: '快递单号' }) as HTMLInputElement).value).toBe('SF1')
    expect(where()).toBe('/seal-apply/operator/step-4?applyId=off-1')
  })

  it('offers no mailing once the status does not allow it', async () => {
    serve({}, { applyStatus: 4 })
    renderOffline(ENTRY)
    expect(await screen.findByText('当前状态不能进行该操作')).toBeTruthy()
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
