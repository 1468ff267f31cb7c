import { and, eq } from 'drizzle-orm'
import { resultStatus } from '@seal/shared/api/envelope'
import type { Database } from '../db/client.ts'
import { AppError, businessError } from '../errors.ts'
import { recordAudit } from '../audit/record.ts'
import { createSession } from './sessions.ts'
import { verifySmsCode } from './sms-codes.ts'
import { accounts, persons, units } from './tables.ts'

export const loginMessages = {
  profileRequired: '首次登录，请填写姓名和身份证号完成实名登记',
  identityTaken: '该身份证号已登记其他手机号，请使用登记的手机号登录',
  unitNotFound: '未查询到该单位，请核对统一社会信用代码',
  notLegalPerson: '该手机号不是此单位法定代表人的手机号',
  vouchedIdentityMismatch: '接入应用提供的身份与本服务登记的不一致',
} as const

export type LoginResult = { token: string; expiresAt: number; kind: 'personal' | 'enterprise' }

/**
 * Personal login by phone and SMS code. A phone seen for the first time registers its person, which
 * needs a name and ID number (the spec's login identity); until they are given the code stays usable.
 */
export async function loginPersonal(options: {
  db: Database
  phone: string
  code: string
  name?: string
  identityNo?: string
  ip?: string
}): Promise<LoginResult> {
  const { db, phone, code } = options
  const [known] = await db.select().from(persons).where(eq(persons.phone, phone)).limit(1)
  const needsProfile = !known && !(options.name && options.identityNo)
  await verifySmsCode({ db, phone, purpose: 'login', code, keep: needsProfile })
  if (needsProfile) throw new AppError({ status: resultStatus.PROFILE_REQUIRED, message: loginMessages.profileRequired })

  const person = known ?? (await registerPerson(db, { phone, name: options.name!, identityNo: options.identityNo! }))
  const accountId = await ensureAccount(db, { kind: 'personal', personId: person.id, unitId: null })
  await recordAudit(db, { accountId, action: 'login.personal', ip: options.ip })
  const session = await createSession(db, accountId)
  return { token: session.token, expiresAt: session.expiresAt.getTime(), kind: 'personal' }
}

/**
 * Enterprise login: the unit's legal representative, by the phone on record and an SMS code. The code is
 * checked before anything is said about the unit: until then an unknown unit, a phone that is not the legal
 * representative's and the right pair answer alike (the same message, the same queries), so a stranger
 * cannot learn which units we know or who represents them. A right code is used up either way.
 */
export async function loginEnterprise(options: {
  db: Database
  socialCreditCode: string
  phone: string
  code: string
  ip?: string
}): Promise<LoginResult> {
  const { db, phone } = options
  const [row] = await db
    .select({ unit: units, legal: persons })
    .from(units)
    .innerJoin(persons, eq(persons.id, units.legalPersonId))
    .where(eq(units.socialCreditCode, options.socialCreditCode))
    .limit(1)
  await verifySmsCode({ db, phone, purpose: 'login', code: options.code })
  if (!row) throw businessError(loginMessages.unitNotFound)
  if (row.legal.phone !== phone) throw businessError(loginMessages.notLegalPerson)
  const accountId = await ensureAccount(db, { kind: 'enterprise', personId: row.legal.id, unitId: row.unit.id })
  await recordAudit(db, { accountId, action: 'login.enterprise', target: row.unit.socialCreditCode, ip: options.ip })
  const session = await createSession(db, accountId)
  return { token: session.token, expiresAt: session.expiresAt.getTime(), kind: 'enterprise' }
}

/**
 * Login of a person someone else has already authenticated: a host channel's signed assertion
 * (auth/host-assertion.ts) names the phone, name and ID number, and for a unit's legal representative the
 * unit. A phone we know must carry the ID number we know; a new one registers its person, as a first
 * personal login does. A unit is entered only by its legal representative's phone, as enterprise login.
 */
export async function loginVouchedPerson(options: {
  db: Database
  phone: string
  name: string
  identityNo: string
  unit?: { socialCreditCode: string }
  /** Who vouched (the channel id), for the audit trail. */
  vouchedBy: string
  ip?: string
}): Promise<LoginResult> {
  const { db, phone } = options
  const [known] = await db.select().from(persons).where(eq(persons.phone, phone)).limit(1)
  if (known && known.identityNo !== options.identityNo) throw businessError(loginMessages.vouchedIdentityMismatch)
  const detail = { vouchedBy: options.vouchedBy }
  if (options.unit) {
    const [row] = await db
      .select({ unit: units, legal: persons })
      .from(units)
      .innerJoin(persons, eq(persons.id, units.legalPersonId))
      .where(eq(units.socialCreditCode, options.unit.socialCreditCode))
      .limit(1)
    if (!row) throw businessError(loginMessages.unitNotFound)
    if (row.legal.phone !== phone) throw businessError(loginMessages.notLegalPerson)
    const accountId = await ensureAccount(db, { kind: 'enterprise', personId: row.legal.id, unitId: row.unit.id })
    await recordAudit(db, { accountId, action: 'login.enterprise', target: row.unit.socialCreditCode, detail, ip: options.ip })
    const session = await createSession(db, accountId)
    return { token: session.token, expiresAt: session.expiresAt.getTime(), kind: 'enterprise' }
  }
  const person = known ?? (await registerPerson(db, { phone, name: options.name, identityNo: options.identityNo }))
  const accountId = await ensureAccount(db, { kind: 'personal', personId: person.id, unitId: null })
  await recordAudit(db, { accountId, action: 'login.personal', detail, ip: options.ip })
  const session = await createSession(db, accountId)
  return { token: session.token, expiresAt: session.expiresAt.getTime(), kind: 'personal' }
}

async function registerPerson(db: Database, input: { phone: string; name: string; identityNo: string }) {
  const [taken] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.identityType, '111'), eq(persons.identityNo, input.identityNo)))
    .limit(1)
  if (taken) throw businessError(loginMessages.identityTaken)
  const [person] = await db.insert(persons).values({ ...input, identityType: '111' }).returning()
  return person!
}

/** The account for this kind, person and unit, created on first login. */
export async function ensureAccount(
  db: Database,
  key: { kind: 'personal' | 'enterprise'; personId: string; unitId: string | null },
): Promise<string> {
  const unitMatch = key.unitId ? eq(accounts.unitId, key.unitId) : undefined
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, key.kind), eq(accounts.personId, key.personId), unitMatch))
    .limit(1)
  if (existing) return existing.id
  const [created] = await db.insert(accounts).values(key).returning({ id: accounts.id })
  return created!.id
}
