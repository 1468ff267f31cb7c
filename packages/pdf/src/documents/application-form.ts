import { businessTypeNames, identityTypeNames, nameOf, sealTypeNames, unitTypeNames } from './codes.ts'
import type { BusinessType } from './codes.ts'
import { maskIdentity } from './format.ts'
import { DocumentLayout, boxSizes } from './layout.ts'
import type { BoxSpec, TableCell } from './layout.ts'
import type { GeneratedDocument, LocalConfig, PageBox } from './positions.ts'

/** A person named on the form. Identity numbers are printed masked. */
export type FormPerson = { name: string; identityNo: string; phone: string; identityType?: string }

/** The data of the offline application (spec 001 §3 "Operator application (offline)"). */
export type ApplicationFormInput = {
  businessType: BusinessType
  unit: {
    unitName: string
    socialCreditCode: string
    unitTypeCode: string
    /** The registration region as shown, e.g. 北京市 北京市 海淀区. */
    region: string
  }
  legalRepresentative: FormPerson
  /** The operator (经办人) when one applies on the unit's behalf; the form then has their boxes too. */
  operator?: FormPerson
  sealManager?: FormPerson
  /** The seals applied for; `sealCode` is the filing number when the seal has one. */
  seals: Array<{ sealTypeCode: string; sealName: string; sealCode?: string }>
  /** Printed under the title, e.g. the application's id. */
  applyNo?: string
  /** File creation date; the epoch when absent, so the same input gives the same bytes. */
  createdAt?: Date
}

/**
 * Boxes of the application form: the unit seal, the legal representative's signature and date, and
 * the operator's when there is one. Coordinates as described in positions.ts.
 */
export type ApplicationFormPositions = {
  /** The unit's seal. Not required for a new application: the unit has no electronic seal yet and
   * stamps its physical seal on the printed form in the offline route. */
  sealLocation: PageBox
  /** The legal representative's signature. */
  signLocation: PageBox
  dateLocation: PageBox
  operatorSignLocation?: PageBox
  operatorDateLocation?: PageBox
  localConfig: LocalConfig
}

/**
 * Generates the 电子印章申请表 of the offline-materials flow (spec 001): business type, unit, legal
 * representative, operator and seal manager, the seals applied for, the applicant's undertaking, and
 * boxes for the unit seal, the legal representative's and the operator's signatures and dates.
 *
 * @example
 * const { pdf, positions } = await applicationForm({
 *   businessType: 'APPLY',
 *   unit: { unitName: '示例科技有限公司', socialCreditCode: '91110108MA01ABCDEN', unitTypeCode: '02', region: '北京市 北京市 海淀区' },
 *   legalRepresentative: { name: '张三', identityNo: '110101198001011234', phone: '13800000000' },
 *   seals: [{ sealTypeCode: '01', sealName: '示例科技有限公司' }],
 * })
 */
export async function applicationForm(
  input: ApplicationFormInput,
): Promise<GeneratedDocument<ApplicationFormPositions>> {
  if (input.seals.length === 0) throw new RangeError('an application form needs at least one seal')
  const { unit, legalRepresentative: legal, operator, sealManager } = input
  const title = '电子印章申请表'
  const layout = await DocumentLayout.create({
    title,
    subject: `${unit.unitName}电子印章${businessTypeNames[input.businessType]}申请`,
    createdAt: input.createdAt,
    identity: JSON.stringify(['application-form', input]),
  })
  layout.title(title, input.applyNo ? `申请编号：${input.applyNo}` : undefined)

  const businessChoices = (Object.keys(businessTypeNames) as BusinessType[])
    .map((type) => `${type === input.businessType ? '■' : '□'} ${businessTypeNames[type]}`)
    .join('    ')
  // One grid of six columns: unit rows pair a label with a wide value, each person takes one row.
  const cell = (text: string, span = 1): TableCell => ({ text, span })
  const label = (text: string): TableCell => ({ text, kind: 'label' })
  const personRow = (role: string, person: FormPerson): TableCell[] => [
    label(role),
    cell(person.name),
    label('证件号码'),
    cell(
      `${person.identityType && person.identityType !== '111' ? `${nameOf(identityTypeNames, person.identityType)} ` : ''}${maskIdentity(person.identityNo)}`,
    ),
    label('手机号码'),
    cell(person.phone),
  ]
  layout.table(
    [100, 60, 56, 118, 56, 82],
    [
      [label('业务类型'), cell(businessChoices, 5)],
      [{ text: '申请单位信息', kind: 'header', span: 6 }],
      [label('单位名称'), cell(unit.unitName, 5)],
      [
        label('统一社会信用代码'),
        cell(unit.socialCreditCode, 3),
        label('单位类型'),
        cell(nameOf(unitTypeNames, unit.unitTypeCode)),
      ],
      [label('单位注册地'), cell(unit.region, 5)],
      [{ text: '相关人员信息', kind: 'header', span: 6 }],
      personRow('法定代表人', legal),
      ...(operator ? [personRow('经办人', operator)] : []),
      ...(sealManager ? [personRow('印章管理员', sealManager)] : []),
    ],
  )
  layout.space(8)
  layout.heading('申请印章', { size: 11.5 })
  layout.table(
    [40, 110, 200, 120],
    [
      ['序号', '印章类型', '印章名称', '印章编码（备案号）'].map((text): TableCell => ({
        text,
        kind: 'label',
        align: 'center',
      })),
      ...input.seals.map((seal, i): TableCell[] => [
        { text: String(i + 1), align: 'center' },
        { text: nameOf(sealTypeNames, seal.sealTypeCode), align: 'center' },
        { text: seal.sealName },
        { text: seal.sealCode || '无备案号', align: 'center' },
      ]),
    ],
  )
  layout.space(6)
  layout.heading('申请单位承诺', { size: 11.5 })
  layout.paragraph(
    `本单位自愿申请办理上述电子印章${businessTypeNames[input.businessType]}业务，已阅读并同意《电子印章服务协议》，承诺所填写的信息及提交的材料真实、准确、完整、有效。本单位将妥善保管电子印章及印章密码，对使用电子印章签署的电子文件依法承担相应责任；如提供虚假信息，愿承担由此产生的一切法律责任。`,
    { indent: true, size: 10.5 },
  )

  const columns: BoxSpec[][] = [
    [
      {
        name: 'sealLocation',
        kind: 'seal',
        signer: 'unit',
        label: '申请单位（盖章）',
        required: input.businessType !== 'APPLY',
        ...boxSizes.unitSeal,
      },
    ],
    [
      {
        name: 'signLocation',
        kind: 'signature',
        signer: 'legalRepresentative',
        label: '法定代表人（签字）',
        ...boxSizes.signature,
      },
      { name: 'dateLocation', kind: 'date', signer: 'legalRepresentative', label: '日期', ...boxSizes.date },
    ],
  ]
  if (operator) {
    columns.push([
      {
        name: 'operatorSignLocation',
        kind: 'signature',
        signer: 'operator',
        label: '经办人（签字）',
        ...boxSizes.signature,
      },
      { name: 'operatorDateLocation', kind: 'date', signer: 'operator', label: '日期', ...boxSizes.date },
    ])
  }
  const boxes = layout.boxColumns(columns)

  // The notes help whoever prints the form; they never push the form onto a page of their own.
  const notes = [
    '1. 线下办理的，请打印本表，由法定代表人签字（经办人办理的同时由经办人签字）并加盖单位实物公章后，拍照或扫描上传。',
    '2. 表中证件号码已做脱敏处理，完整信息以申请时提交的证件为准。',
  ]
  if (layout.remaining > 14 + 9 * 1.6 * (notes.length * 2 + 1)) {
    layout.space(14)
    layout.paragraph('填表说明', { size: 9, bold: true, leading: 1.6 })
    for (const note of notes) layout.paragraph(note, { size: 9, leading: 1.6 })
  }

  const { pdf, localConfig } = await layout.finish()
  return {
    pdf,
    positions: {
      sealLocation: boxes.sealLocation as PageBox,
      signLocation: boxes.signLocation as PageBox,
      dateLocation: boxes.dateLocation as PageBox,
      ...(operator
        ? {
            operatorSignLocation: boxes.operatorSignLocation as PageBox,
            operatorDateLocation: boxes.operatorDateLocation as PageBox,
          }
        : {}),
      localConfig,
    },
  }
}
