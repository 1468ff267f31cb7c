import { and, eq } from 'drizzle-orm'
import { resultStatus } from '@seal/shared/api/envelope'
import type { Database } from '../db/client.ts'
import { AppError, businessError } from '../errors.ts'
import { recordAudit } from '../audit/record.ts'
import { createSession } from './sessions.ts'
import { verifySmsCode } from './sms-codes.ts'
import { accounts, persons, units } from './tables.ts'
import type { RealNameProvider } from '../identity/real-name/provider.ts'
import { checkRealName, realNameMessages } from '../identity/real-name/verify.ts'
import { markVerified, reclaimIdentity } from './real-name.ts'

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
 *
 * Who the person is, is asked of the real-name provider, never taken from what was typed
 * (docs/decisions.md "Who is who"): the phone, name and ID number must belong together (pass: verified).
 * A mismatch or no answer refuses the registration, and the code stays usable to correct it. A phone the
 * carrier has no record of registers unverified: such a person uses their own things, but is nobody's
 * legal representative, signer, manager or grantee until verified. A verified claim of an ID number that
 * an unverified phone declared first takes it back. A known unverified person is checked again at each login.
 */
export async function loginPersonal(options: {
  db: Database
  realName: RealNameProvider
  phone: string
  code: string
  name?: string
  identityNo?: string
  ip?: string
}): Promise<LoginResult> {
  const { db, phone, code } = options
  const [known] = await db.select().from(persons).where(eq(persons.phone, phone)).limit(1)
  const registering = !known
  await verifySmsCode({ db, phone, purpose: 'login', code, keep: registering })
  if (registering && !(options.name && options.identityNo)) {
    throw new AppError({ status: resultStatus.PROFILE_REQUIRED, message: loginMessages.profileRequired })
  }

  let person = known
  if (registering) {
    const profile = { phone, name: options.name!.trim(), identityNo: options.identityNo!.trim().toUpperCase() }
    const answer = await checkRealName(db, options.realName, profile)
    if (answer === 'mismatch') throw businessError(realNameMessages.mismatch)
    if (answer === 'timeout') throw businessError(realNameMessages.timeout)
    // The code is used up only now, once the registration goes ahead: of two at once, one wins.
    await verifySmsCode({ db, phone, purpose: 'login', code })
    person = await registerPerson(db, { ...profile, verified: answer === 'pass', ip: options.ip })
  } else if (!known.verifiedAt) {
    await verifyKnownPerson(db, options.realName, known)
  }
  const accountId = await ensureAccount(db, { kind: 'personal', personId: person!.id, unitId: null })
  await recordAudit(db, { accountId, action: 'login.personal', ip: options.ip })
  const session = await createSession(db, accountId)
  return { token: session.token, expiresAt: session.expiresAt.getTime(), kind: 'personal' }
}

/**
 * Enterprise login: the unit's legal representative, by the phone on record and an SMS code. The code is
 * checked before anything is said about the unit: until then an unknown unit, a phone that is not the legal
 * representative's and the right pair answer alike (the same message, the same queries), so a stranger
 * cannot learn which units we know or who represents them. A right code is used up either way. Only a
 * verified legal representative logs in as the unit (one not yet verified is checked now).
 */
export async function loginEnterprise(options: {
  db: Database
  realName: RealNameProvider
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
  if (!row.legal.verifiedAt && !(await verifyKnownPerson(db, options.realName, row.legal))) throw businessError(realNameMessages.legalNotVerified)
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
 * The host's word is not a real-name check: the person is verified as at any login (loginPersonal).
 */
export async function loginVouchedPerson(options: {
  db: Database
  realName: RealNameProvider
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
    if (!row.legal.verifiedAt && !(await verifyKnownPerson(db, options.realName, row.legal))) throw businessError(realNameMessages.legalNotVerified)
    const accountId = await ensureAccount(db, { kind: 'enterprise', personId: row.legal.id, unitId: row.unit.id })
    await recordAudit(db, { accountId, action: 'login.enterprise', target: row.unit.socialCreditCode, detail, ip: options.ip })
    const session = await createSession(db, accountId, options.vouchedBy)
    return { token: session.token, expiresAt: session.expiresAt.getTime(), kind: 'enterprise' }
  }
  let person = known
  if (!known) {
    const answer = await checkRealName(db, options.realName, { phone, name: options.name, identityNo: options.identityNo })
    if (answer === 'mismatch') throw businessError(realNameMessages.mismatch)
    if (answer === 'timeout') throw businessError(realNameMessages.timeout)
    person = await registerPerson(db, { phone, name: options.name, identityNo: options.identityNo, verified: answer === 'pass', ip: options.ip })
  } else if (!known.verifiedAt) {
    await verifyKnownPerson(db, options.realName, known)
  }
  const accountId = await ensureAccount(db, { kind: 'personal', personId: person!.id, unitId: null })
  await recordAudit(db, { accountId, action: 'login.personal', detail, ip: options.ip })
  const session = await createSession(db, accountId, options.vouchedBy)
  return { token: session.token, expiresAt: session.expiresAt.getTime(), kind: 'personal' }
}


/** Checks a known, unverified person's phone, name and ID number again; true when they are verified now. */
async function verifyKnownPerson(db: Database, realName: RealNameProvider, person: typeof persons.$inferSelect): Promise<boolean> {
  const answer = await checkRealName(db, realName, { phone: person.phone, name: person.name, identityNo: person.identityNo })
  if (answer !== 'pass') return false
  await markVerified(db, person.id, 'three-element')
  return true
}

/**
 * A new person at this phone. An ID number already held: a verified holder keeps it (该身份证号已登记其他手机号);
 * an unverified holder loses it to a verified claim (reclaimIdentity), and keeps it against an unverified one.
 */
async function registerPerson(db: Database, input: { phone: string; name: string; identityNo: string; verified: boolean; ip?: string | undefined }) {
  const identity = { identityType: '111', identityNo: input.identityNo }
  const [taken] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.identityType, identity.identityType), eq(persons.identityNo, identity.identityNo)))
    .limit(1)
  if (taken) {
    const reclaimed = input.verified ? await reclaimIdentity(db, { ...identity, phone: input.phone, name: input.name, ip: input.ip }) : undefined
    if (!reclaimed) throw businessError(loginMessages.identityTaken)
    return reclaimed
  }
  const verified = input.verified ? { verifiedAt: new Date(), verificationMethod: 'three-element' as const } : {}
  const [person] = await db
    .insert(persons)
    .values({ ...identity, phone: input.phone, name: input.name, ...verified })
    .onConflictDoNothing()
    .returning()
  // Another registration of the same number won the race.
  if (!person) throw businessError(loginMessages.identityTaken)
  return person
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
