import { maskLegalPhone } from '@seal/shared/text/masking'
import { authUseTypeNames, nameOf, sealTypeNames, useTypeNames } from './codes.ts'
import { chineseDate, dottedDate, maskIdentity } from './format.ts'
import { DocumentLayout, boxSizes } from './layout.ts'
import type { BoxSpec } from './layout.ts'
import type { GeneratedDocument, LocalConfig, PageBox } from './positions.ts'

/** Who grants the authorization: a unit (acting through its legal representative) or a person. */
export type LetterAuthorizer =
  | {
      kind: 'unit'
      unitName: string
      socialCreditCode: string
      legalRepresentative: string
      /** Title of whoever signs for the unit; 法定代表人 unless a seal manager (role 2) signs. */
      signatoryTitle?: string
    }
  | { kind: 'person'; name: string; personIdentity: string }

/** The data of a letter, as the authorization creation data carries it (spec 000 §3). */
export type AuthorizationLetterInput = {
  authorizer: LetterAuthorizer
  seal: { sealName: string; sealTypeCode: string; sealCode: string }
  /** The seal user. The identity number and the phone are printed masked. */
  authorized: { name: string; personIdentity: string; phone: string }
  /** Use method, authorization-flow reading: 0/1 signature, 2 password, 3 both, 4 binding code. */
  useType: string | number
  /** 1 authorise use, 2 authorise management. */
  authUseType: string | number
  /** Period of the authorization, epoch ms, printed as year.month.day in China time. */
  startTime: number
  endTime: number
  /** What the seal may be used for; a sentence fitting the authorization is printed when absent. */
  scope?: string
  /** Printed under the title, e.g. the authorization's id. */
  letterNo?: string
  /** The day the authorizer signs, written in their date box (the seal user's countersignature carries its own signing time). */
  signedOn?: Date
  /** File creation date; the epoch when absent, so the same input gives the same bytes. */
  createdAt?: Date
}

/**
 * Boxes of an authorization letter (spec 002 §3 "Auth file info": signLocation, sealLocation,
 * dateLocation for the authorizer; the seal user's own signature and date as `authorizedSignLocation`
 * and `authorizedDateLocation`). Coordinates as described in positions.ts.
 */
export type AuthorizationLetterPositions = {
  /** The authorizer's seal: the unit seal, or the person's name seal. */
  sealLocation: PageBox
  /** The legal representative's (unit) or the authorizer's (person) signature. */
  signLocation: PageBox
  dateLocation: PageBox
  authorizedSignLocation: PageBox
  authorizedDateLocation: PageBox
  localConfig: LocalConfig
}

/**
 * Generates the 印章使用授权书 for a unit seal or a personal name seal: authorizer, seal, masked seal
 * user, use method, period and scope, followed by boxes for the authorizer's seal, the authorizer's
 * (or legal representative's) signature, the seal user's signature and the dates.
 *
 * @example
 * const { pdf, positions } = await authorizationLetter({
 *   authorizer: { kind: 'unit', unitName: '示例科技有限公司', socialCreditCode: '91110108MA01ABCDEN', legalRepresentative: '张三' },
 *   seal: { sealName: '示例科技有限公司', sealTypeCode: '01', sealCode: '1101080012345' },
 *   authorized: { name: '李四', personIdentity: '110101199003071234', phone: '13812345678' },
 *   useType: 2, authUseType: 1, startTime: Date.UTC(2025, 0, 1), endTime: Date.UTC(2025, 11, 31),
 * })
 * positions.sealLocation // { page: 1, x: 62, y: 150.3, width: 128, height: 128 }
 */
export async function authorizationLetter(
  input: AuthorizationLetterInput,
): Promise<GeneratedDocument<AuthorizationLetterPositions>> {
  if (input.endTime < input.startTime) throw new RangeError('the authorization ends before it starts')
  const { authorizer, seal, authorized } = input
  const unit = authorizer.kind === 'unit'
  const party = unit ? '授权单位' : '授权人'
  const authorizerName = unit ? authorizer.unitName : authorizer.name
  const manages = String(input.authUseType) === '2'
  const sealTypeName = nameOf(sealTypeNames, seal.sealTypeCode)
  const title = '印章使用授权书'

  const layout = await DocumentLayout.create({
    title,
    subject: `${authorizerName}授权${authorized.name}${manages ? '管理' : '使用'}${seal.sealName}`,
    createdAt: input.createdAt,
    identity: JSON.stringify(['authorization-letter', input]),
  })
  layout.title(title, input.letterNo ? `编号：${input.letterNo}` : undefined)

  layout.paragraph(
    unit
      ? `${authorizer.unitName}（以下简称“授权单位”）现将本单位下列电子印章授权给下列被授权人${manages ? '管理' : '使用'}，具体授权事项如下：`
      : `本人${authorizer.name}（以下简称“授权人”）现将本人下列电子印章授权给下列被授权人${manages ? '管理' : '使用'}，具体授权事项如下：`,
    { indent: true },
  )
  layout.space(4)

  const authorizerRows: Array<Array<[string, string]>> = unit
    ? [
        [[party, authorizer.unitName]],
        [
          ['统一社会信用代码', authorizer.socialCreditCode],
          ['法定代表人', authorizer.legalRepresentative],
        ],
      ]
    : [
        [
          [party, authorizer.name],
          ['身份证号码', maskIdentity(authorizer.personIdentity)],
        ],
      ]
  layout.fieldTable([
    ...authorizerRows,
    [
      ['印章名称', seal.sealName],
      ['印章类型', sealTypeName],
    ],
    [
      ['印章编码', seal.sealCode],
      ['授权事项', nameOf(authUseTypeNames, input.authUseType)],
    ],
    [
      ['被授权人', authorized.name],
      ['身份证号码', maskIdentity(authorized.personIdentity)],
    ],
    [
      ['手机号码', maskLegalPhone(authorized.phone)],
      ['用章方式', nameOf(useTypeNames, input.useType)],
    ],
    [['授权期限', `${dottedDate(input.startTime)} 至 ${dottedDate(input.endTime)}`]],
    [['授权范围', input.scope ?? defaultScope(unit, manages)]],
  ])
  layout.space(10)

  const clauses = [
    `${party}确认：被授权人在授权期限和授权范围内使用上述电子印章签署的电子文件，视为${party}的真实意思表示，由${party}依法承担相应的法律责任。`,
    '被授权人应妥善保管印章密码和签名信息，不得将本授权转授他人，不得超越授权期限和授权范围用章；因保管不善或越权用章造成的损失，由被授权人依法承担责任。',
    `授权期限届满、${party}解除授权或上述电子印章被注销、冻结的，本授权自动终止。每次用章均由系统留存记录，${party}可随时查询。`,
    `本授权书以电子形式签署，经${party}加盖电子印章${unit ? `、${authorizer.signatoryTitle ?? '法定代表人'}签字` : '并签字'}，并经被授权人签字确认后生效，与纸质授权书具有同等法律效力。`,
  ]
  clauses.forEach((clause, i) => layout.listItem(`${['一', '二', '三', '四'][i]}、`, clause, { size: 10.5 }))

  const authorizerColumn: BoxSpec[] = [
    {
      name: 'signLocation',
      kind: 'signature',
      signer: unit ? 'legalRepresentative' : 'authorizer',
      label: unit ? `${authorizer.signatoryTitle ?? '法定代表人'}（签字）` : '授权人（签字）',
      ...boxSizes.signature,
    },
    { name: 'dateLocation', kind: 'date', signer: 'authorizer', label: '日期', ...boxSizes.date, ...(input.signedOn ? { value: chineseDate(input.signedOn.getTime()) } : {}) },
  ]
  const boxes = layout.boxColumns([
    [
      {
        name: 'sealLocation',
        kind: 'seal',
        signer: unit ? 'unit' : 'authorizer',
        label: `${party}（盖章）`,
        ...(unit ? boxSizes.unitSeal : boxSizes.personalSeal),
      },
    ],
    authorizerColumn,
    [
      {
        name: 'authorizedSignLocation',
        kind: 'signature',
        signer: 'authorized',
        label: '被授权人（签字）',
        ...boxSizes.signature,
      },
      { name: 'authorizedDateLocation', kind: 'date', signer: 'authorized', label: '日期', ...boxSizes.date },
    ],
  ])

  const { pdf, localConfig } = await layout.finish()
  return {
    pdf,
    positions: {
      sealLocation: boxes.sealLocation as PageBox,
      signLocation: boxes.signLocation as PageBox,
      dateLocation: boxes.dateLocation as PageBox,
      authorizedSignLocation: boxes.authorizedSignLocation as PageBox,
      authorizedDateLocation: boxes.authorizedDateLocation as PageBox,
      localConfig,
    },
  }
}

function defaultScope(unit: boolean, manages: boolean): string {
  const owner = unit ? '授权单位' : '授权人'
  return manages
    ? `管理上述电子印章：查看用章记录，代表${owner}为他人办理该印章的使用授权及解除授权，修改用章设置。`
    : `以${owner}名义，在本服务及已绑定的业务平台上使用上述电子印章签署电子文件。`
}
