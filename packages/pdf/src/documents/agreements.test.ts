import { describe, expect, it } from 'vitest'
import { agreement } from './agreements.ts'
import type { AgreementInput } from './agreements.ts'
import { boxesCoveredByText, compactText, documentInfo, overlaps, pageCount, placedWords, renderPages } from './inspect-pdf.ts'

const person = { kind: 'person', name: '李四', personIdentity: '110101199003071234' } as const
const unit = {
  kind: 'unit',
  unitName: '北京明远科技有限公司',
  socialCreditCode: '91110108MA01ABCDEN',
  legalRepresentative: '张三',
} as const

const cases: Array<{ input: AgreementInput; title: string; phrases: string[] }> = [
  {
    input: { kind: 'seal-service', applicant: unit, provider: '示例电子印章服务平台', version: 'V1.0' },
    title: '电子印章服务协议',
    phrases: [
      '乙方（申请单位）：北京明远科技有限公司',
      '91110108MA01ABCDEN',
      '印章密码的设置与保管',
      '法定代表人（签字）',
    ],
  },
  {
    input: { kind: 'personal-seal', applicant: person, provider: '示例电子印章服务平台' },
    title: '个人电子名章申请协议',
    phrases: ['乙方（用户）：李四', '1101**********1234', '年满14周岁', '名章样式与制作', '乙方（签字）'],
  },
  {
    input: { kind: 'real-name', applicant: person, supportPhone: '400-000-0000' },
    title: '实名认证服务协议',
    phrases: [
      '甲方（服务提供方）：电子印章服务平台',
      '人脸识别（含活体检测）',
      '敏感个人信息',
      '400-000-0000',
    ],
  },
  {
    input: { kind: 'platform-binding', applicant: person, platformName: '示例政务服务平台' },
    title: '平台绑定用章服务协议',
    phrases: ['“示例政务服务平台”（以下简称“业务平台”）', '解除绑定', '不提供印章密码和电子印章密钥'],
  },
]

describe('agreement', () => {
  for (const { input, title, phrases } of cases) {
    it(`writes the ${title} with its parties, clauses and the applicant's signature and date boxes`, async () => {
      const { pdf, positions } = await agreement(input)
      const text = compactText(pdf)
      for (const phrase of [
        title,
        '第一条',
        '第二条',
        '个人信息保护',
        '协议的生效、终止与争议解决',
        '（以下无正文）',
        ...phrases,
      ]) {
        expect(text).toContain(phrase)
      }
      expect(text).not.toContain('110101199003071234')
      expect(documentInfo(pdf).Title).toBe(title)

      const { localConfig, signLocation, dateLocation } = positions
      expect(signLocation.page).toBe(pageCount(pdf))
      expect(dateLocation.y + dateLocation.height).toBeLessThanOrEqual(signLocation.y)
      expect(boxesCoveredByText(pdf, localConfig.fields)).toEqual([])
      expect(pdf.length).toBeLessThan(300_000)
      renderPages(pdf, `agreement-${input.kind}`)
    })
  }

  it('gives a unit a seal box it need not fill, and a person none', async () => {
    const forUnit = await agreement({ kind: 'seal-service', applicant: unit })
    expect(forUnit.positions.sealLocation).toBeDefined()
    expect(forUnit.positions.localConfig.fields.find((field) => field.kind === 'seal')?.required).toBe(false)
    const forPerson = await agreement({ kind: 'platform-binding', applicant: person })
    expect(forPerson.positions.sealLocation).toBeUndefined()
    expect(forPerson.positions.localConfig.fields.map((field) => field.kind)).toEqual(['signature', 'date'])
  })

  it('refuses a unit as the signer of an agreement only a person can sign', async () => {
    await expect(agreement({ kind: 'personal-seal', applicant: unit })).rejects.toThrow(RangeError)
    await expect(agreement({ kind: 'real-name', applicant: unit })).rejects.toThrow(RangeError)
  })

  it('gives the same bytes for the same input', async () => {
    const input: AgreementInput = { kind: 'real-name', applicant: person }
    const [a, b] = await Promise.all([agreement(input), agreement(input)])
    expect(Buffer.compare(Buffer.from(a.pdf), Buffer.from(b.pdf))).toBe(0)
  })

  it('prints the signing day, in China Standard Time, inside the 日期 box', async () => {
    // 17:30 UTC on 22 November is already 23 November in Beijing.
    const { pdf, positions } = await agreement({ kind: 'real-name', applicant: person, signedOn: new Date('2026-11-22T17:30:00Z') })
    const date = placedWords(pdf).find((word) => word.text.includes('2026年11月23日'))
    expect(date).toBeDefined()
    expect(overlaps(date!, positions.dateLocation)).toBe(true)
    const unsigned = await agreement({ kind: 'real-name', applicant: person })
    expect(compactText(unsigned.pdf)).not.toContain('2026年')
  })
})
