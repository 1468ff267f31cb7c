import { beforeAll, describe, expect, it } from 'vitest'
import { applicationForm } from './application-form.ts'
import type { ApplicationFormInput } from './application-form.ts'
import { boxesCoveredByText, compactText, overlaps, pageCount, renderPages } from './inspect-pdf.ts'
import { a4 } from './layout.ts'

const byLegalRepresentative: ApplicationFormInput = {
  businessType: 'APPLY',
  applyNo: 'AP202501010001',
  unit: {
    unitName: '北京明远科技有限公司',
    socialCreditCode: '91110108MA01ABCDEN',
    unitTypeCode: '02',
    region: '北京市 北京市 海淀区',
  },
  legalRepresentative: { name: '张三', identityNo: '110101198001011234', phone: '13800000000' },
  seals: [
    { sealTypeCode: '01', sealName: '北京明远科技有限公司' },
    { sealTypeCode: '05', sealName: '张三', sealCode: '1101080012346' },
  ],
}

const byOperator: ApplicationFormInput = {
  ...byLegalRepresentative,
  businessType: 'RENEWAL',
  operator: { name: '王五', identityNo: '110101199202021234', phone: '13900000000' },
  sealManager: { name: '赵六', identityNo: '110101199303031234', phone: '13700000000' },
  seals: [
    ...byLegalRepresentative.seals,
    { sealTypeCode: '04', sealName: '北京明远科技有限公司合同专用章' },
    { sealTypeCode: '99', sealName: '北京明远科技有限公司人事专用章' },
  ],
}

let legal: Awaited<ReturnType<typeof applicationForm>>
let operator: Awaited<ReturnType<typeof applicationForm>>

beforeAll(async () => {
  legal = await applicationForm(byLegalRepresentative)
  operator = await applicationForm(byOperator)
})

describe('applicationForm', () => {
  it('prints the unit, its legal representative and the seals applied for as text', () => {
    const text = compactText(legal.pdf)
    for (const phrase of [
      '电子印章申请表',
      '申请编号：AP202501010001',
      '■新申请',
      '□续期',
      '北京明远科技有限公司',
      '91110108MA01ABCDEN',
      '普通企业',
      '北京市北京市海淀区',
      '法定代表人张三',
      '1101**********1234',
      '13800000000',
      '单位公章',
      '法定代表人名章',
      '1101080012346',
      '无备案号',
      '申请单位承诺',
    ]) {
      expect(text).toContain(phrase)
    }
    expect(text).not.toContain('110101198001011234')
    expect(text).not.toContain('经办人王五')
  })

  it('leaves boxes for the unit seal, the legal representative and the date, clear of text, on one page', () => {
    const { localConfig, ...boxes } = legal.positions
    expect(Object.keys(boxes).sort()).toEqual(['dateLocation', 'sealLocation', 'signLocation'])
    expect(pageCount(legal.pdf)).toBe(1)
    expect(boxesCoveredByText(legal.pdf, localConfig.fields)).toEqual([])
    for (const box of Object.values(boxes)) {
      expect(box.x + box.width).toBeLessThanOrEqual(a4.width)
      expect(box.y).toBeGreaterThan(0)
    }
    renderPages(legal.pdf, 'application-form-legal')
  })

  it('does not require the unit seal of a first application, which has no electronic seal yet', () => {
    const required = Object.fromEntries(
      legal.positions.localConfig.fields.map((field) => [field.name, field.required]),
    )
    expect(required).toEqual({ sealLocation: false, signLocation: true, dateLocation: true })
    expect(
      operator.positions.localConfig.fields.find((field) => field.name === 'sealLocation')?.required,
    ).toBe(true)
  })

  it('adds the operator, the seal manager and the operator’s own signature and date boxes', () => {
    const text = compactText(operator.pdf)
    for (const phrase of [
      '■续期',
      '经办人王五',
      '印章管理员赵六',
      '合同专用章',
      '其他类型印章',
      '经办人（签字）',
    ]) {
      expect(text).toContain(phrase)
    }
    const { operatorSignLocation, operatorDateLocation, signLocation, dateLocation, localConfig } =
      operator.positions
    expect(operatorSignLocation).toBeDefined()
    expect(operatorDateLocation).toBeDefined()
    if (!operatorSignLocation || !operatorDateLocation) return
    expect(overlaps(operatorSignLocation, signLocation)).toBe(false)
    expect(overlaps(operatorDateLocation, dateLocation)).toBe(false)
    expect(localConfig.fields.find((field) => field.name === 'operatorSignLocation')?.signer).toBe('operator')
    expect(boxesCoveredByText(operator.pdf, localConfig.fields)).toEqual([])
    expect(Math.max(...localConfig.fields.map((field) => field.page))).toBeLessThanOrEqual(
      pageCount(operator.pdf),
    )
    renderPages(operator.pdf, 'application-form-operator')
  })

  it('refuses a form without any seal', async () => {
    await expect(applicationForm({ ...byLegalRepresentative, seals: [] })).rejects.toThrow(RangeError)
  })
})
