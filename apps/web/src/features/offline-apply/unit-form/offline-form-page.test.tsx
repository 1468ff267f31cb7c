import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import type { LoginInfo } from '@seal/shared/api/auth'
import {
  CREDIT_CODE,
  expectToast,
  fakeServer,
  operatorLogin,
  resetScreen,
} from '../../../../test/unit-apply-wizard.tsx'
import { OFFLINE, renderOffline, where } from '../../../../test/offline-apply.tsx'
import { unitFormProblem } from './offline-form-page.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const enterprise: LoginInfo = {
  ...operatorLogin,
  kind: 'enterprise',
  socialCreditCode: CREDIT_CODE,
  companyName: '北京某某科技有限公司',
  unitTypeCode: '02',
}
const held = [
  {
    sealTypeCode: '01',
    sealTypeName: '单位公章',
    canMake: true,
    required: false,
    applied: false,
    sealId: 'seal-1',
    sealName: '北京某某科技有限公司',
    sealCode: '110101000001',
    status: '1',
  },
]

describe('the change and renewal form (offline-form)', () => {
  const unit = {
    licenseFileId: 'f-lic',
    sealUseCompany: '北京某某科技有限公司',
    socialCode: CREDIT_CODE,
    unitTypeCode: '02',
    registrationPlaceCode: [],
    registrationPlace: '',
  }

  it.each([
    [{ licenseFileId: '' }, 3, '请上传营业执照'],
    [{ sealUseCompany: '某某' }, 3, '单位名称过短'],
    [{ socialCode: '123' }, 3, '请输入正确的社会信用代码'],
    [{ unitTypeCode: '' }, 4, '单位类型不能为空'],
    [{ unitTypeCode: '06' }, 4, '行政事业单位不可申请印章续期'],
    [{ unitTypeCode: '06' }, 3, null],
  ])('%j for business type %i: %s', (patch, type, message) => {
    expect(unitFormProblem({ ...unit, ...patch }, type as 3 | 4)).toBe(message)
  })

  it('lists the unit’s renewable seals and keeps no draft without the licence', async () => {
    const server = fakeServer({
      'GET /auth/me': () => enterprise,
      [`POST ${OFFLINE}/seal/info`]: () => held,
      [`POST ${OFFLINE}/create`]: () => ({ applyId: 'off-8', applyStatus: 7 }),
    })
    renderOffline('/seal-apply/offline-form?applyType=4')
    expect(await screen.findByText('印章续期申请表')).toBeTruthy()
    expect(await screen.findByText('北京某某科技有限公司', { selector: 'li' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '下一步' }))
    await expectToast('请上传营业执照')
    expect(server.callsTo(`${OFFLINE}/create`)).toHaveLength(0)
  })

  it('says the address is wrong without applyType 3 or 4', async () => {
    fakeServer({ 'GET /auth/me': () => enterprise })
    renderOffline('/seal-apply/offline-form?applyType=2')
    expect(await screen.findByText('参数错误')).toBeTruthy()
    await waitFor(() => expect(where()).toBe('/seal-apply/offline-form?applyType=2'))
  })
})
