/**
 * The units the sandbox enterprise registry knows from the first start (docs/providers.md "Enterprise
 * verification"), each with the outcome it produces on purpose. Credit codes and ID numbers carry valid
 * check characters (GB 32100, ISO 7064). `phone` is not part of the registry: it is a number the tests
 * and the docs use to log in as that legal representative (the demo one is already seeded as a person).
 */
export const sandboxUnits = {
  /** The demo unit of seed.ts and its legal representative 李四. */
  demo: {
    socialCreditCode: '91110108MA01ABCDEN',
    unitName: '示例科技有限公司',
    legalPersonName: '李四',
    legalPersonIdentityNo: '310104198506124562',
    unitTypeCode: '02',
    regionCode: '110108',
    outcome: 'normal',
    phone: '13800000002',
  },
  /** An administrative or public institution (06): the credit code's prefix 115 says so. */
  institution: {
    socialCreditCode: '11510104MB1234567D',
    unitName: '示例市行政审批服务局',
    legalPersonName: '王五',
    legalPersonIdentityNo: '510104197803150014',
    unitTypeCode: '06',
    regionCode: '510104',
    outcome: 'normal',
    phone: '13600000201',
  },
  /** An ordinary enterprise not yet known to the service: applies as a new unit. */
  trading: {
    socialCreditCode: '91440300MA5EXAMP1F',
    unitName: '示例贸易有限公司',
    legalPersonName: '赵六',
    legalPersonIdentityNo: '440305198808081234',
    unitTypeCode: '02',
    regionCode: '440305',
    outcome: 'normal',
    phone: '13600000202',
  },
  /** Another new ordinary enterprise, for a second journey (an operator's application). */
  logistics: {
    socialCreditCode: '91310115MA1K4WL3XT',
    unitName: '示例物流有限公司',
    legalPersonName: '孙七',
    legalPersonIdentityNo: '310115199005122343',
    unitTypeCode: '02',
    regionCode: '310115',
    outcome: 'normal',
    phone: '13600000203',
  },
  /** The vendor cannot decide (40075): the applicant may continue to manual review. */
  undecided: {
    socialCreditCode: '91320506MA1RE7W75Y',
    unitName: '示例待核实商贸有限公司',
    legalPersonName: '周八',
    legalPersonIdentityNo: '320506198709203451',
    unitTypeCode: '02',
    regionCode: '320506',
    outcome: '40075',
    phone: '13600000204',
  },
  /** The vendor never answers in time: 单位核验超时，请稍后重试 (at once, without waiting 60 s). */
  timeout: {
    socialCreditCode: '91330106MA2TM0E08D',
    unitName: '示例超时科技有限公司',
    legalPersonName: '吴九',
    legalPersonIdentityNo: '330106198511114568',
    unitTypeCode: '02',
    regionCode: '330106',
    outcome: 'timeout',
    phone: '13600000205',
  },
} as const satisfies Record<string, SandboxUnit>

/** One unit of the sandbox registry: the register's facts and the outcome it produces. */
export type SandboxUnit = {
  socialCreditCode: string
  unitName: string
  legalPersonName: string
  legalPersonIdentityNo: string
  unitTypeCode: string
  regionCode: string | null
  outcome: SandboxOutcome
  phone?: string
}

/** normal: the elements are compared; 40075: the vendor cannot decide; timeout: no answer in time. */
export const sandboxOutcomes = ['normal', '40075', 'timeout'] as const
export type SandboxOutcome = (typeof sandboxOutcomes)[number]
