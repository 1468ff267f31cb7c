import { describe, expect, it } from 'vitest'
import { offlineApplyForm } from '@seal/shared/api/offline-apply'
import { CREDIT_CODE, LEGAL_ID, OPERATOR_ID, operatorLogin } from '../../../test/unit-apply-wizard.tsx'
import {
  asStepForm,
  freshOfflineForm,
  offlineBody,
  offlineStep1Problem,
  sealRow,
  withOperatorAsManager,
  type OfflineForm,
} from './offline-form.ts'

/** A form filled as the operator leaves step-1 when all is right. */
function complete(patch: Partial<OfflineForm> = {}): OfflineForm {
  return {
    ...offlineApplyForm.parse({ businessType: 1 }),
    operatorRealName: '王五',
    operatorIdCardNo: OPERATOR_ID,
    operatorTel: '13800138000',
    operatorIdentityFrontFileId: 'f-of',
    operatorIdentityBackFileId: 'f-ob',
    licenseFileId: 'f-lic',
    sealUseCompany: '北京某某科技有限公司',
    socialCode: CREDIT_CODE,
    unitTypeCode: '02',
    registrationPlaceCode: ['北京市', '北京市', '110101'],
    legalPersonName: '李四',
    legalPersonIdentityNo: LEGAL_ID,
    legalTel: '13900139000',
    legalPersonIdFrontFileId: 'f-lf',
    legalPersonIdBackFileId: 'f-lb',
    gaSealTypeInfos: [sealRow({ sealType: '01' })],
    ...patch,
  }
}

describe('offline step-1 checks', () => {
  it('passes a complete form', () => {
    expect(offlineStep1Problem(complete(), { officialAvailable: true })).toBeNull()
  })

  it.each([
    ['the operator name', { operatorRealName: '' }, '请输入正确的经办人姓名'],
    ['the operator ID number', { operatorIdCardNo: '123' }, '请输入正确的经办人证件号码'],
    ['the operator portrait side', { operatorIdentityFrontFileId: '' }, '请上传经办人证件照人像面照片'],
    ['the operator emblem side', { operatorIdentityBackFileId: '' }, '请上传经办人证件照国徽面照片'],
    ['the operator phone', { operatorTel: '12345' }, '请输入正确的手机号！'],
    [
      'the legal representative portrait side',
      { legalPersonIdFrontFileId: '' },
      '请上传法人证件照人像面照片',
    ],
    ['the legal representative emblem side', { legalPersonIdBackFileId: '' }, '请上传法人证件照国徽面照片'],
    ['the legal representative name', { legalPersonName: ' ' }, '请输入正确的法人姓名'],
    ['the legal representative ID number', { legalPersonIdentityNo: '110101' }, '请输入正确的法人证件号码'],
    ['the legal representative phone', { legalTel: '1390013900' }, '请输入正确的法人手机号'],
    ['the licence', { licenseFileId: '' }, '请上传营业执照'],
    ['a unit name too short', { sealUseCompany: '某某' }, '单位名称过短'],
    ['the credit code', { socialCode: '91110108MA01ABCDE0' }, '请输入正确的社会信用代码'],
    ['the registration region', { registrationPlaceCode: ['北京市'] }, '请选择单位注册地'],
    ['the unit type', { unitTypeCode: '' }, '单位类型不能为空'],
    ['a seal', { gaSealTypeInfos: [] }, '请选择印章！'],
  ])('names %s first when it is wrong', (_what, patch, message) => {
    expect(offlineStep1Problem(complete(patch as Partial<OfflineForm>), { officialAvailable: true })).toBe(
      message,
    )
  })

  it('asks for the unit seal while the unit may still apply for it', () => {
    const form = complete({ gaSealTypeInfos: [sealRow({ sealType: '04' })] })
    expect(offlineStep1Problem(form, { officialAvailable: true })).toBe('请选择单位公章')
    expect(offlineStep1Problem(form, { officialAvailable: false })).toBeNull()
  })

  it('wants every other-type seal named, and no name twice', () => {
    const unnamed = complete({
      gaSealTypeInfos: [sealRow({ sealType: '01' }), sealRow({ sealType: '99', sealName: '' })],
    })
    expect(offlineStep1Problem(unnamed)).toBe('请完善其他类型印章名称')
    const twice = complete({
      gaSealTypeInfos: [
        sealRow({ sealType: '01' }),
        sealRow({ sealType: '99', sealName: '项目章' }),
        sealRow({ sealType: '99', sealName: '项目章' }),
      ],
    })
    expect(offlineStep1Problem(twice)).toBe('其他类型印章名称不允许重复')
  })

  it('refuses an administrative or public institution renewing', () => {
    expect(offlineStep1Problem(complete({ businessType: 4, unitTypeCode: '06' }))).toBe(
      '行政事业单位不可申请印章续期',
    )
  })

  it('checks the manager password the operator sets as the manager', () => {
    const manager = (patch: Partial<OfflineForm>) => complete({ setSealManager: true, ...patch })
    expect(offlineStep1Problem(manager({}))).toBe('请输入管理员密码')
    expect(offlineStep1Problem(manager({}), { managerPasswordSet: true })).toBeNull()
    expect(
      offlineStep1Problem(manager({ sealManagerPassword: '123456', sealManagerPasswordConfirm: '123456' })),
    ).toBe('请输入6-16位密码（数字/字母/特殊符号任意两种）')
    expect(
      offlineStep1Problem(manager({ sealManagerPassword: 'abc123', sealManagerPasswordConfirm: 'abc124' })),
    ).toBe('印章管理员两次密码不一致')
    expect(
      offlineStep1Problem(manager({ sealManagerPassword: 'abc 123', sealManagerPasswordConfirm: 'abc123' })),
    ).toBeNull()
  })
})

describe('what the server receives', () => {
  it('makes the operator the manager (经办人即管理员) and never sends the legal representative a password', () => {
    const body = offlineBody(
      complete({
        setSealManager: true,
        sealManagerPassword: 'abc 123',
        sealManagerPasswordConfirm: 'abc123',
      }),
    )
    expect(body).toMatchObject({
      operatorIsManager: true,
      sealManagerName: '王五',
      sealManagerIdentityNo: OPERATOR_ID,
      sealManagerTel: '13800138000',
      sealManagerIdFrontFileId: 'f-of',
      sealManagerPassword: 'abc123',
    })
    expect(body.legalPassword).toBeUndefined()
    expect(body.gaSealTypeInfos[0]).not.toHaveProperty('_key')
  })

  it('sends no manager for a change, even when one was switched on before', () => {
    const form = withOperatorAsManager(
      complete({ businessType: 3, setSealManager: true, sealManagerName: '王五' }),
    )
    expect(form).toMatchObject({ setSealManager: false, operatorIsManager: false, sealManagerName: '' })
  })

  it('reads the offline form as the wizard’s step-1 form of an operator', () => {
    const step = asStepForm(complete({ businessType: 4 }))
    expect(step).toMatchObject({
      businessType: 'RENEWAL',
      applyType: 'OPERATOR_APPLY',
      unitName: '北京某某科技有限公司',
      addr: ['北京市', '北京市', '110101'],
    })
  })

  it('starts the operator as the logged-in person', () => {
    const form = freshOfflineForm({ ...operatorLogin, phone: '13800138000' }, 1)
    expect(form).toMatchObject({
      operatorRealName: '王五',
      operatorIdCardNo: OPERATOR_ID,
      operatorTel: '13800138000',
      businessType: 1,
    })
  })
})
