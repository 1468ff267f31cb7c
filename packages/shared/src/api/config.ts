/**
 * Shared by the server (defaults, type check of stored values) and the client (what the screens read).
 * The configuration the screens read (spec 002 §4 "Start-up", 000 §2). Stored values override these
 * per scope; a key not stored anywhere takes its default here.
 */
export const configDefaults = {
  /** Off shows 电子印章入口已关闭，如需帮助可联系系统管理员。 */
  enable: true,
  /** Enterprise identity verification: '1' four-element check plus face, '2' business-licence check. */
  certificationType: '1',
  /** Face check before login. */
  enableLoginFaceAuth: false,
  showBindSdk: false,
  extendSdk: [] as string[],
  /** Where a 401 or the back button sends the user when the host app gave one. */
  logoutLink: '',
  /**
   * Where paper materials are mailed (offline flow, GET /paas-seal-offline-sdk/v1/config/consignee): the
   * recipient, and what to send for an administrative or public institution (06), an ordinary enterprise
   * (02) and a government unit (the government-app channel). `materials` is the older single list, read
   * for the enterprise list when `nonAdminMaterials` is not configured.
   */
  consignee: {
    name: '电子印章受理中心',
    phone: '400-000-0000',
    address: '北京市海淀区电子印章受理中心（收）',
    materials: [] as string[],
    adminMaterials: [
      '电子印章申请表（加盖单位公章，法定代表人签字）',
      '事业单位法人证书或统一社会信用代码证书复印件（加盖单位公章）',
      '法定代表人身份证复印件（正反面）',
      '经办人身份证复印件（正反面）',
      '授权委托书（加盖单位公章）',
    ] as string[],
    nonAdminMaterials: [
      '电子印章申请表（加盖单位公章，法定代表人签字）',
      '营业执照副本复印件（加盖单位公章）',
      '法定代表人身份证复印件（正反面）',
      '经办人身份证复印件（正反面）',
      '授权委托书（加盖单位公章，法定代表人签字）',
    ] as string[],
    governmentMaterials: [
      '电子印章申请表（加盖单位公章，单位负责人签字）',
      '统一社会信用代码证书复印件（加盖单位公章）',
      '单位负责人身份证复印件（正反面）',
      '经办人身份证复印件（正反面）',
      '单位介绍信或授权委托书（加盖单位公章）',
    ] as string[],
  },
  /** 完成印章授权 card and menu. */
  authorizationMenu: true,
  /** 印章绑定 card and menu. */
  bindingMenu: true,
  /** Seal list tabs: 1 only 电子印章, 2 only 个人名章, otherwise both. */
  buttonShowFlog: 3,
  /** Apply card: 2 goes to the enterprise seal-apply page, 1 to the personal flow intro, otherwise the readme. */
  buttonConfig: 3,
  /** Record-list footer buttons: 1 enterprise only, 2 personal only, 3 both. */
  recordButtons: 3,
  /** Authorization scope: 0 only use, 1 only management, 2 both. */
  scope: 2,
  /** Seal-auth rules: each enabled rule requires all (and) or any (or) of the seal types. */
  sealAuthRules: [] as { enabled: boolean; mode: 'and' | 'or'; sealTypeCodes: string[] }[],
  /** Technical support line ({phone} in the spec) and its hours. */
  supportPhone: '400-000-0000',
  supportHours: '工作日 9:00-12:00，14:00-18:00',
  /** Channels that show the operation-manual link, and the manual's files (the first is shown). */
  operationManual: { channels: ['h5', 'app'] as string[], fileIds: [] as string[] },
  /**
   * The invitation link the grantor copies on /authorization-success (000 §2), shown only when set:
   * {authId} and {socialCreditCode} are filled in, and a path is taken from this site's address.
   */
  authorizedUrl: '/authorization-start/personal?authId={authId}&socialCreditCode={socialCreditCode}',
  /** Banner items of GET /configs/operation/image (position 1). */
  operationBanners: [] as { fileId: string; link: string }[],
  /** Personal name seal with face verification (the six-step flow); off drops the identity step (spec 002 §2). */
  personalSealFaceAuth: true,
  /** Minimum applicant age for a personal name seal. */
  minApplicantAge: 14,
  /**
   * Days of validity of the certificates of unit seals made or renewed from now on (set per unit with the
   * scope unit:<credit code>, e.g. a trial unit's short certificates); 0 is the standard three years.
   */
  unitSealValidDays: 0,
  /**
   * A seal in effect whose certificate ends within this many days is 即将到期 (the list's blnWillExpires and
   * POST /seal/v4/queryWillExpires), read in the seal's scope: unit:<credit code>, or person:<holder's ID>.
   */
  sealWillExpireDays: 30,
  /**
   * An authorisation in force ending within this many days is listed by POST /seal/v4/queryWillExpires,
   * and its seal user is told once by SMS (read in the seal's scope, as above).
   */
  authWillExpireDays: 7,
} as const

export type AppConfig = {
  -readonly [K in keyof typeof configDefaults]: (typeof configDefaults)[K] extends readonly (infer U)[]
    ? U[]
    : (typeof configDefaults)[K] extends boolean
      ? boolean
      : (typeof configDefaults)[K] extends number
        ? number
        : (typeof configDefaults)[K] extends string
          ? string
          : (typeof configDefaults)[K]
}
/**
 * An item of GET /configs/operation/image?position=1, the home banner (001 §7, 002 §7): fileId and link as
 * the spec gives them, and `url` (ours), a short-lived link that shows the operator's image to anyone.
 */
export type OperationImage = { fileId: string; link: string; url: string }

export type ConfigKey = keyof AppConfig
export const configKeys = Object.keys(configDefaults) as ConfigKey[]
