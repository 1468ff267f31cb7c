import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { idCardCheckCharacter } from '@seal/shared/rules/id-card'
import { ensureAccount } from '../auth/login.ts'
import { createSession } from '../auth/sessions.ts'
import { persons, units } from '../auth/tables.ts'
import { demo } from '../seed.ts'
import type { TestApp } from '../test/harness.ts'
import { uploadFile } from '../test/seals.ts'
import { sealCredentials } from '../trust/tables.ts'
import { openssl } from '../trust/testing.ts'
import { unitApplications } from './tables.ts'

/** Test people and units of the enterprise application's API tests (sessions made directly: no SMS spent). */

/** A valid credit code for test unit `n` (its check character computed). */
export const creditCode = (n: number) => {
  const first17 = `91110108MA01AB${String(n).padStart(3, '0')}`
  return first17 + creditCodeCheckCharacter(first17)
}

/** A valid resident ID number for test person `n`. */
export const idNumber = (n: number) => {
  const first17 = `11010119900307${String(n).padStart(3, '0')}`
  return first17 + idCardCheckCharacter(first17)
}

export type TestPerson = { id: string; name: string; identityNo: string; phone: string; token: string; fileId: string }

let phoneSerial = 0

/**
 * A person (made unless seeded) with a personal session and one uploaded picture to use as every file.
 * Made verified, as the real-name check at login would leave them, unless `verified: false`.
 */
export async function personFor(t: TestApp, who: { name: string; identityNo: string; phone?: string; verified?: boolean }): Promise<TestPerson> {
  const [known] = await t.db.select().from(persons).where(eq(persons.identityNo, who.identityNo)).limit(1)
  const verified = who.verified === false ? {} : { verifiedAt: new Date(), verificationMethod: 'three-element' as const }
  const phone = who.phone ?? `1390000${String(++phoneSerial).padStart(4, '0')}`
  const person = known ?? (await t.db.insert(persons).values({ name: who.name, identityNo: who.identityNo, phone, ...verified }).returning())[0]!
  const token = (await createSession(t.db, await ensureAccount(t.db, { kind: 'personal', personId: person.id, unitId: null }))).token
  return { ...person, token, fileId: await pictureFor(t, token) }
}

/** An enterprise session of a unit for its legal representative. */
export async function enterpriseSession(t: TestApp, socialCreditCode: string, legalPersonId: string): Promise<string> {
  const [unit] = await t.db.select().from(units).where(eq(units.socialCreditCode, socialCreditCode)).limit(1)
  return (await createSession(t.db, await ensureAccount(t.db, { kind: 'enterprise', personId: legalPersonId, unitId: unit!.id }))).token
}

/** A unit on record with its legal representative. */
export async function unitFor(t: TestApp, unit: { name: string; socialCreditCode: string; legalPersonId: string; unitTypeCode?: string }) {
  const [row] = await t.db.insert(units).values({ unitTypeCode: '02', ...unit }).returning()
  return row!
}

export async function pictureFor(t: TestApp, token: string): Promise<string> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c03030' } }).png().toBuffer()
  return uploadFile(t, token, { name: 'picture.png', bytes: png, type: 'image/png' })
}

/** A complete step-1 form for a legal representative applying for their unit. */
export function legalForm(legal: TestPerson, unit: { unitName: string; socialCreditCode: string }, overrides: Partial<UnitApplicationFormInput> = {}): UnitApplicationFormInput {
  const f = legal.fileId
  return {
    businessType: 'APPLY',
    applyType: 'LEGAL_APPLY',
    businessLicense: f,
    unitName: unit.unitName,
    socialCreditCode: unit.socialCreditCode,
    addr: ['北京市', '北京市', '110108'],
    unitTypeCode: '02',
    legalPersonName: legal.name,
    legalPersonIdentityNo: legal.identityNo,
    legalTel: legal.phone,
    legalPersonIdFrontFileId: f,
    legalPersonIdBackFileId: f,
    sealInfo: [
      { _id: 'a', sealTypeCode: '01', sealName: unit.unitName, sealPic: f },
      { _id: 'b', sealTypeCode: '04', sealName: `${unit.unitName}合同专用章`, sealPic: f },
    ],
    ...overrides,
  }
}

/** A complete step-1 form of an operator applying for a unit whose legal representative is `legal`. */
export function operatorForm(
  operator: TestPerson,
  legal: { name: string; identityNo: string; phone: string },
  unit: { unitName: string; socialCreditCode: string },
  overrides: Partial<UnitApplicationFormInput> = {},
): UnitApplicationFormInput {
  const f = operator.fileId
  return {
    ...legalForm({ ...operator, ...legal, fileId: f }, unit),
    applyType: 'OPERATOR_APPLY',
    operatorRealName: operator.name,
    operatorIdCardNo: operator.identityNo,
    operatorTel: operator.phone,
    operatorFrontFileId: f,
    operatorBackFileId: f,
    ...overrides,
  }
}

/** What the unit verification (another module) records: set here directly. */
export async function setVerification(t: TestApp, id: string, passed: boolean) {
  await t.db.update(unitApplications).set({ companyVerifyPass: passed, companyVerifyReason: passed ? null : '四要素验证失败' }).where(eq(unitApplications.id, id))
}

export const demoUnit = { unitName: demo.unit.name, socialCreditCode: demo.unit.socialCreditCode }

/** A certificate's subject and end date as openssl prints them (UTF-8, fields separated by ", "). */
export const subjectOf = (der: Uint8Array) =>
  openssl(['x509', '-inform', 'DER', '-in', 'leaf.der', '-noout', '-subject', '-enddate', '-nameopt', 'utf8,sep_comma_plus_space'], { 'leaf.der': der })

/** A seal's certificates, oldest first. */
export const credentialsOf = async (t: Pick<TestApp, 'db'>, sealId: string) =>
  (await t.db.select().from(sealCredentials).where(eq(sealCredentials.sealId, sealId))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
