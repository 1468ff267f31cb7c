import type { ConfigKey } from '@seal/shared/api/config'

export const configGroups = {
  operation: '运营信息',
  entry: '入口与功能',
  rules: '印章与授权规则',
  links: '链接与展示',
} as const

/** What each key means to the person changing it, and where it sits on the page. */
export const configKeyInfo: Record<ConfigKey, { label: string; group: string; help?: string }> = {
  supportPhone: { label: '技术支持电话', group: configGroups.operation },
  supportHours: { label: '技术支持时间', group: configGroups.operation },
  operationManual: {
    label: '操作手册',
    group: configGroups.operation,
    help: '显示操作手册链接的渠道，及手册文件（显示第一个）',
  },
  consignee: {
    label: '线下材料收件信息',
    group: configGroups.operation,
    help: '收件人、电话、地址，及各类单位须邮寄的材料清单',
  },
  enable: {
    label: '开放电子印章入口',
    group: configGroups.entry,
    help: '关闭后显示：电子印章入口已关闭，如需帮助可联系系统管理员。',
  },
  certificationType: {
    label: '企业认证方式',
    group: configGroups.entry,
    help: '1 四要素核验加人脸；2 营业执照核验',
  },
  enableLoginFaceAuth: { label: '登录前人脸核验', group: configGroups.entry },
  showBindSdk: { label: '显示绑定 SDK', group: configGroups.entry },
  extendSdk: { label: '扩展 SDK', group: configGroups.entry },
  authorizationMenu: { label: '印章授权菜单', group: configGroups.entry },
  bindingMenu: { label: '印章绑定菜单', group: configGroups.entry },
  buttonShowFlog: {
    label: '印章列表页签',
    group: configGroups.entry,
    help: '1 仅电子印章；2 仅个人名章；3 两者',
  },
  buttonConfig: {
    label: '申请入口',
    group: configGroups.entry,
    help: '1 个人流程说明；2 企业申请页；3 须知页',
  },
  recordButtons: { label: '申请记录按钮', group: configGroups.entry, help: '1 仅企业；2 仅个人；3 两者' },
  personalSealFaceAuth: { label: '个人名章人脸核验', group: configGroups.entry },
  scope: { label: '授权范围', group: configGroups.rules, help: '0 仅使用；1 仅管理；2 两者' },
  sealAuthRules: { label: '印章授权规则', group: configGroups.rules },
  minApplicantAge: { label: '个人名章最低年龄', group: configGroups.rules },
  unitSealValidDays: { label: '单位印章证书有效天数', group: configGroups.rules, help: '0 为标准三年' },
  sealWillExpireDays: { label: '印章即将到期提醒（天）', group: configGroups.rules },
  authWillExpireDays: { label: '授权即将到期提醒（天）', group: configGroups.rules },
  logoutLink: { label: '退出跳转地址', group: configGroups.links },
  authorizedUrl: { label: '授权邀请链接', group: configGroups.links },
  operationBanners: { label: '首页横幅', group: configGroups.links },
}

/** The kind of a value as the server checks it against the default's. */
export const kindOf = (value: unknown) =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value

export const kindLabels: Record<string, string> = {
  boolean: '开关',
  string: '文本',
  number: '数字',
  array: '列表',
  object: '对象',
}
