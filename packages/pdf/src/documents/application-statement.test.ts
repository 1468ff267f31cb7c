import { describe, expect, it } from 'vitest'
import { applicationStatement } from './application-statement.ts'
import type { ApplicationStatementInput } from './application-statement.ts'
import { boxesCoveredByText, compactText, pageCount, renderPages } from './inspect-pdf.ts'

const input: ApplicationStatementInput = {
  kind: 'confirmation',
  businessType: 'APPLY',
  applyNo: 'A-1',
  unit: { unitName: '北京明远科技有限公司', socialCreditCode: '91110108MA01ABCDEN' },
  legalRepresentative: { name: '张三', identityNo: '110101198001011234' },
  seals: [
    { sealTypeCode: '01', sealName: '北京明远科技有限公司' },
    { sealTypeCode: '04', sealName: '北京明远科技有限公司合同专用章' },
  ],
}

describe('applicationStatement', () => {
  it('confirms the unit’s seals in the legal representative’s name, masked, with boxes clear of text on one page', async () => {
    const { pdf, positions } = await applicationStatement(input)
    const text = compactText(pdf)
    for (const phrase of ['电子印章申请确认书', '申请编号：A-1', '北京明远科技有限公司', '91110108MA01ABCDEN', '1101**********1234', '合同专用章', '本人确认']) {
      expect(text).toContain(phrase)
    }
    expect(text).not.toContain('110101198001011234')
    expect(pageCount(pdf)).toBe(1)
    expect(boxesCoveredByText(pdf, positions.localConfig.fields)).toEqual([])
    renderPages(pdf, 'application-confirmation')
  })

  it('names the operator in the authorisation and prints the signing day when given', async () => {
    const { pdf } = await applicationStatement({
      ...input,
      kind: 'operator-authorization',
      operator: { name: '王五', identityNo: '110101199202021234', phone: '13900000000' },
      signedOn: new Date(Date.UTC(2025, 0, 1, 4)),
    })
    const text = compactText(pdf)
    for (const phrase of ['授权委托书', '受托人（经办人）：王五', '139****0000', '2025年1月1日']) expect(text).toContain(phrase)
    await expect(applicationStatement({ ...input, kind: 'operator-authorization' })).rejects.toThrow(RangeError)
  })

  it('gives the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([applicationStatement(input), applicationStatement(input)])
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true)
  })
})
