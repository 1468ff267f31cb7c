import { agreementText } from './agreement-texts.ts'
import type { AgreementKind } from './agreement-texts.ts'
import { chineseDate, maskIdentity } from './format.ts'
import { DocumentLayout, boxSizes } from './layout.ts'
import type { BoxSpec } from './layout.ts'
import type { GeneratedDocument, LocalConfig, PageBox } from './positions.ts'

export type { AgreementKind } from './agreement-texts.ts'

/** Party B of an agreement. */
export type AgreementApplicant =
  | {
      kind: 'unit'
      unitName: string
      socialCreditCode: string
      legalRepresentative: string
      /** Who signs for the unit; 法定代表人 unless told otherwise (e.g. 经办人 on renewal documents). */
      signatoryTitle?: string
    }
  | { kind: 'person'; name: string; personIdentity?: string }

export type AgreementInput = {
  kind: AgreementKind
  applicant: AgreementApplicant
  /** Party A, the operator of the service (configuration). */
  provider?: string
  /** The business platform of a binding agreement. */
  platformName?: string
  /** Minimum applicant age of the personal name seal agreement; 14 by default (spec 002). */
  minimumAge?: number
  /** Customer-service line named in the personal-information clause. */
  supportPhone?: string
  /** Printed under the title. */
  version?: string
  /** File creation date; the epoch when absent, so the same input gives the same bytes. */
  createdAt?: Date
  /** The day the applicant signs, printed in the 日期 box (China Standard Time); empty when absent. */
  signedOn?: Date
}

/**
 * Boxes of an agreement: the applicant's signature and date, and for a unit its seal (not required:
 * a unit applying for its first seal has none yet). Coordinates as described in positions.ts.
 */
export type AgreementPositions = {
  signLocation: PageBox
  dateLocation: PageBox
  sealLocation?: PageBox
  localConfig: LocalConfig
}

/** Agreements only a person can sign. */
const personalKinds: ReadonlySet<AgreementKind> = new Set(['personal-seal', 'real-name'])

/**
 * Generates one of the service's agreements (电子印章服务协议, 个人电子名章申请协议, 实名认证服务协议,
 * 平台绑定用章服务协议) with the parties, the clauses, and boxes for the applicant's signature and date.
 *
 * @example
 * const { pdf, positions } = await agreement({
 *   kind: 'personal-seal',
 *   applicant: { kind: 'person', name: '李四', personIdentity: '110101199003071234' },
 *   provider: '示例电子印章服务平台',
 * })
 * positions.signLocation // { page: 3, x: 297.64, y: …, width: 150, height: 54 }
 */
export async function agreement(input: AgreementInput): Promise<GeneratedDocument<AgreementPositions>> {
  const { applicant } = input
  if (personalKinds.has(input.kind) && applicant.kind !== 'person') {
    throw new RangeError(`the ${input.kind} agreement is signed by a person, not a unit`)
  }
  const provider = input.provider ?? '电子印章服务平台'
  const text = agreementText(input.kind, {
    provider,
    applicantKind: applicant.kind,
    platformName: input.platformName,
    minimumAge: input.minimumAge ?? 14,
    supportPhone: input.supportPhone,
  })
  const applicantName = applicant.kind === 'unit' ? applicant.unitName : applicant.name
  const layout = await DocumentLayout.create({
    title: text.title,
    subject: `${text.title}（${applicantName}）`,
    createdAt: input.createdAt,
    identity: JSON.stringify(['agreement', input]),
  })
  layout.title(text.title, input.version ? `版本：${input.version}` : undefined)

  const party = (line: string) => layout.paragraph(line, { size: 11, leading: 1.7 })
  party(`甲方（服务提供方）：${provider}`)
  if (applicant.kind === 'unit') {
    party(`乙方（申请单位）：${applicant.unitName}`)
    party(
      `统一社会信用代码：${applicant.socialCreditCode}\u3000\u3000法定代表人：${applicant.legalRepresentative}`,
    )
  } else {
    party(
      `乙方（用户）：${applicant.name}${applicant.personIdentity ? `\u3000\u3000身份证号码：${maskIdentity(applicant.personIdentity)}` : ''}`,
    )
  }
  layout.space(6)
  layout.paragraph(text.preamble, { indent: true })

  const numbers = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十']
  text.clauses.forEach((clause, i) => {
    layout.heading(`第${numbers[i] ?? i + 1}条\u3000${clause.heading}`, { size: 11.5 })
    clause.items.forEach((item, j) => {
      layout.paragraph(clause.items.length > 1 ? `（${numbers[j] ?? j + 1}）${item}` : item, { indent: true })
    })
  })
  layout.space(6)
  layout.paragraph(text.closing, { indent: true })
  layout.paragraph('（以下无正文）', { align: 'center', size: 10 })

  const signatureColumn: BoxSpec[] = [
    {
      name: 'signLocation',
      kind: 'signature',
      signer: applicant.kind === 'unit' ? 'legalRepresentative' : 'applicant',
      label:
        applicant.kind === 'unit' ? `${applicant.signatoryTitle ?? '法定代表人'}（签字）` : '乙方（签字）',
      ...boxSizes.signature,
    },
    {
      name: 'dateLocation',
      kind: 'date',
      signer: 'applicant',
      label: '日期',
      ...boxSizes.date,
      ...(input.signedOn ? { value: chineseDate(input.signedOn.getTime()) } : {}),
    },
  ]
  const boxes = layout.boxColumns(
    applicant.kind === 'unit'
      ? [
          [
            {
              name: 'sealLocation',
              kind: 'seal',
              signer: 'unit',
              label: '乙方（盖章）',
              required: false,
              ...boxSizes.unitSeal,
            },
          ],
          signatureColumn,
        ]
      : [[], signatureColumn],
  )

  const { pdf, localConfig } = await layout.finish()
  return {
    pdf,
    positions: {
      signLocation: boxes.signLocation as PageBox,
      dateLocation: boxes.dateLocation as PageBox,
      ...(boxes.sealLocation ? { sealLocation: boxes.sealLocation } : {}),
      localConfig,
    },
  }
}
