import { eq } from 'drizzle-orm'
import type { Database } from './db/client.ts'
import { persons, units } from './auth/tables.ts'
import { seedSandboxEnterprises } from './identity/enterprise/registry.ts'
import { seedSandboxPersons } from './identity/real-name/registry.ts'
import { unitMembers } from './seal-auth/tables.ts'
import { createOperator } from './operators/accounts.ts'
import { operators } from './operators/tables.ts'

/** Demo identities created on first start (SEED_DEMO=false turns this off). Numbers carry valid check digits. */
export const demo = {
  person: { name: '张三', identityNo: '110101199003071233', phone: '13800000001' },
  legalPerson: { name: '李四', identityNo: '310104198506124562', phone: '13800000002' },
  unit: { name: '示例科技有限公司', socialCreditCode: '91110108MA01ABCDEN', unitTypeCode: '02', regionCode: '110108' },
  /** The demo unit's organisation directory (/select-seal-user): the demo person and three colleagues. */
  staff: [
    { name: '张三', identityNo: '110101199003071233', phone: '13800000001' },
    { name: '王小明', identityNo: '11010519920315002X', phone: '13800000003' },
    { name: '赵敏', identityNo: '110108198807220046', phone: '13800000004' },
    { name: '孙丽', identityNo: '310115199509100033', phone: '13800000005' },
  ],
  /** The console's first administrator: a person of his own, named in no demo application. */
  administrator: { identityNo: '110101198001010010' },
} as const

/**
 * Creates the demo person and the demo unit with its legal representative, once; and puts the sandbox
 * enterprise registry's units in place (identity/enterprise/sandbox-units.ts), which a data folder seeded
 * before the registry existed gets at its next start.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  await seedSandboxEnterprises(db)
  await seedSandboxPersons(db)
  const [existing] = await db.select({ id: units.id }).from(units).where(eq(units.socialCreditCode, demo.unit.socialCreditCode))
  if (existing) return false
  await db.transaction(async (tx) => {
    // The demo persons are the sandbox registry's own (identity/real-name/sandbox-persons.ts): verified.
    const verified = { verifiedAt: new Date(), verificationMethod: 'three-element' as const }
    await tx.insert(persons).values({ ...demo.person, identityType: '111', ...verified }).onConflictDoNothing()
    const [legal] = await tx.insert(persons).values({ ...demo.legalPerson, identityType: '111', ...verified }).returning()
    const [unit] = await tx.insert(units).values({ ...demo.unit, legalPersonId: legal!.id }).returning()
    await tx.insert(unitMembers).values(demo.staff.map((member) => ({ ...member, unitId: unit!.id })))
  })
  return true
}

/**
 * The first administrator of the console (`admin`), when no operator exists yet: answers the initial password
 * to print once, as the demo accounts are. Otherwise null (`npm run operator -- reset-password` gives a new one).
 */
export async function seedFirstAdministrator(db: Database): Promise<{ username: string; initialPassword: string } | null> {
  const [anyOperator] = await db.select({ id: operators.id }).from(operators).limit(1)
  if (anyOperator) return null
  const { operator, initialPassword } = await createOperator(db, {
    username: 'admin',
    displayName: '系统管理员',
    identityNo: demo.administrator.identityNo,
    roles: ['admin'],
    createdBy: '首次启动',
  })
  return { username: operator.username, initialPassword }
}
