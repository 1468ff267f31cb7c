import { sandboxUnits } from '../enterprise/sandbox-units.ts'

/** normal: name and ID number are compared; timeout: the check does not answer in time. */
export const sandboxPersonOutcomes = ['normal', 'timeout'] as const
export type SandboxPersonOutcome = (typeof sandboxPersonOutcomes)[number]

export type SandboxPerson = { phone: string; name: string; identityNo: string; outcome: SandboxPersonOutcome }

/**
 * The persons the sandbox real-name registry knows from the first start (docs/providers.md "Real-name
 * verification"): the demo persons, the demo unit's staff, the legal representatives of the sandbox
 * enterprise registry at the phones the docs give them, and one phone whose check never answers.
 * A phone not listed is `unknown`, as a number with no real-name record at the carrier is.
 */
export const sandboxPersons: SandboxPerson[] = [
  { phone: '13800000001', name: '张三', identityNo: '110101199003071233', outcome: 'normal' },
  { phone: '13800000002', name: '李四', identityNo: '310104198506124562', outcome: 'normal' },
  { phone: '13800000003', name: '王小明', identityNo: '11010519920315002X', outcome: 'normal' },
  { phone: '13800000004', name: '赵敏', identityNo: '110108198807220046', outcome: 'normal' },
  { phone: '13800000005', name: '孙丽', identityNo: '310115199509100033', outcome: 'normal' },
  ...Object.values(sandboxUnits)
    .filter((unit) => unit.phone !== sandboxUnits.demo.phone)
    .map((unit) => ({
      phone: unit.phone,
      name: unit.legalPersonName,
      identityNo: unit.legalPersonIdentityNo,
      outcome: 'normal' as const,
    })),
  /** 钱十's phone: the check never answers in time (实名核验服务繁忙，请稍后重试). */
  { phone: '13600000408', name: '钱十', identityNo: '110101198001010010', outcome: 'timeout' },
]
