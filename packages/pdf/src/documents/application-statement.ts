import { businessTypeNames, nameOf, sealTypeNames } from './codes.ts'
import type { BusinessType } from './codes.ts'
import { chineseDate, maskIdentity, maskPhone } from './format.ts'
import { DocumentLayout, boxSizes } from './layout.ts'
import type { TableCell } from './layout.ts'
import type { GeneratedDocument, LocalConfig, PageBox } from './positions.ts'

/**
 * Which statement: the legal representative's 电子印章申请确认书 (every online application), or the
 * 授权委托书 by which the legal representative lets an operator apply on the unit's behalf.
 */
export type ApplicationStatementKind = 'confirmation' | 'operator-authorization'

export type ApplicationStatementInput = {
  kind: ApplicationStatementKind
  businessType: BusinessType
  unit: { unitName: string; socialCreditCode: string }
  legalRepresentative: { name: string; identityNo: string }
  /** The operator (经办人); required for the authorisation. */
  operator?: { name: string; identityNo: string; phone: string }
  seals: Array<{ sealTypeCode: string; sealName: string }>
  /** Printed under the title, e.g. the application's id. */
  applyNo?: string
  /** File creation date; the epoch when absent, so the same input gives the same bytes. */
  createdAt?: Date
  /** The day the legal representative signs, printed in the 日期 box (Beijing time); empty when absent. */
  signedOn?: Date
}

/** The legal representative's signature and date. Coordinates as described in positions.ts. */
export type ApplicationStatementPositions = { signLocation: PageBox; dateLocation: PageBox; localConfig: LocalConfig }

export const applicationStatementTitles: Record<ApplicationStatementKind, string> = {
  confirmation: '电子印章申请确认书',
  'operator-authorization': '授权委托书',
}

/**
 * Generates a statement the legal representative signs with an online application (spec 001 "Signing
 * files": applyConfirmDocumentId, authDocumentId): the unit, the seals applied for, what the legal
 * representative confirms or authorises, and boxes for their signature and the date.
 *
 * @example
 * const { pdf, positions } = await applicationStatement({
 *   kind: 'confirmation',
 *   businessType: 'APPLY',
 *   unit: { unitName: '示例科技有限公司', socialCreditCode: '91110108MA01ABCDEN' },
 *   legalRepresentative: { name: '李四', identityNo: '310104198506124562' },
 *   seals: [{ sealTypeCode: '01', sealName: '示例科技有限公司' }],
 * })
 * positions.signLocation // { page: 1, x: …, y: …, width: 150, height: 54 }
 */
export async function applicationStatement(input: ApplicationStatementInput): Promise<GeneratedDocument<ApplicationStatementPositions>> {
  if (input.seals.length === 0) throw new RangeError('a statement names at least one seal')
  if (input.kind === 'operator-authorization' && !input.operator) throw new RangeError('an authorisation names the operator')
  const { unit, legalRepresentative: legal, operator } = input
  const business = businessTypeNames[input.businessType]
  const title = applicationStatementTitles[input.kind]
  const layout = await DocumentLayout.create({
    title,
    subject: `${unit.unitName}${title}`,
    createdAt: input.createdAt,
    identity: JSON.stringify(['application-statement', { ...input, signedOn: undefined }]),
  })
  layout.title(title, input.applyNo ? `申请编号：${input.applyNo}` : undefined)

  const line = (text: string) => layout.paragraph(text, { size: 11, leading: 1.7 })
  if (input.kind === 'confirmation') {
    line(`申请单位：${unit.unitName}`)
    line(`统一社会信用代码：${unit.socialCreditCode}`)
    line(`法定代表人：${legal.name}\u3000\u3000证件号码：${maskIdentity(legal.identityNo)}`)
    layout.space(6)
    layout.paragraph(`本人作为申请单位的法定代表人，确认本单位通过电子印章服务平台申请办理下列电子印章${business}业务：`, { indent: true })
  } else {
    line(`委托单位：${unit.unitName}`)
    line(`统一社会信用代码：${unit.socialCreditCode}`)
    line(`法定代表人：${legal.name}\u3000\u3000证件号码：${maskIdentity(legal.identityNo)}`)
    line(`受托人（经办人）：${operator!.name}\u3000\u3000证件号码：${maskIdentity(operator!.identityNo)}\u3000\u3000手机号码：${maskPhone(operator!.phone)}`)
    layout.space(6)
    layout.paragraph(`兹委托上述受托人代表本单位，通过电子印章服务平台办理下列电子印章${business}业务：`, { indent: true })
  }

  layout.table(
    [50, 150, 270],
    [
      ['序号', '印章类型', '印章名称'].map((text): TableCell => ({ text, kind: 'label', align: 'center' })),
      ...input.seals.map((seal, i): TableCell[] => [
        { text: String(i + 1), align: 'center' },
        { text: nameOf(sealTypeNames, seal.sealTypeCode), align: 'center' },
        { text: seal.sealName },
      ]),
    ],
  )
  layout.space(6)
  const items =
    input.kind === 'confirmation'
      ? [
          '申请所填写的单位信息、人员信息及上传的证照材料真实、准确、完整、有效；',
          '本单位同意电子印章服务平台依据上述申请信息为本单位制作电子印章并签发数字证书；',
          '本单位将妥善保管电子印章及印章密码，使用电子印章签署的电子文件由本单位依法承担相应责任；',
          '本确认书以电子签名方式签署，与手写签名具有同等法律效力。',
        ]
      : [
          '受托人的权限为：填写申请信息、上传申请材料、提交及撤回本次申请；',
          '受托人在上述权限内办理的事项，本单位均予以认可，并承担相应的法律责任；',
          '委托期限自本委托书签署之日起至本次申请办理完结之日止；',
          '本委托书以电子签名方式签署，与手写签名具有同等法律效力。',
        ]
  layout.paragraph(input.kind === 'confirmation' ? '本人确认：' : '委托事项说明：', { size: 11 })
  items.forEach((item, i) => layout.listItem(`${i + 1}.`, item))

  const boxes = layout.boxColumns([
    [],
    [
      { name: 'signLocation', kind: 'signature', signer: 'legalRepresentative', label: '法定代表人（签字）', ...boxSizes.signature },
      {
        name: 'dateLocation',
        kind: 'date',
        signer: 'legalRepresentative',
        label: '日期',
        ...boxSizes.date,
        ...(input.signedOn ? { value: chineseDate(input.signedOn.getTime()) } : {}),
      },
    ],
  ])
  const { pdf, localConfig } = await layout.finish()
  return { pdf, positions: { signLocation: boxes.signLocation as PageBox, dateLocation: boxes.dateLocation as PageBox, localConfig } }
}
