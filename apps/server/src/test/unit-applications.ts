import sharp from 'sharp'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { unitApplicationForm, type UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { idCardCheckCharacter } from '@seal/shared/rules/id-card'
import { findCaller } from '../auth/sessions.ts'
import { saveFile } from '../files/service.ts'
import { hashSealPin } from '../trust/pin.ts'
import { unitApplications, type StoredForm, type UnitApplication } from '../unit-apply/tables.ts'
import type { TestApp } from './harness.ts'

/**
 * Test support for enterprise applications: units, people and submitted applications made as the wizard
 * would leave them (the shared contract's form, PIN hashed with the trust core, cut-out pictures as
 * stored PNG files), without driving the wizard.
 */

/** A unit credit code that passes the check-character rule, distinct per `n`. */
export const creditCode = (n: number) => {
  const first17 = `91110108MA${String(n).padStart(7, '0')}`
  return first17 + creditCodeCheckCharacter(first17)
}

/** A resident ID number with a valid check character, born 1990, distinct per `n`. */
export const idNumber = (n: number) => {
  const first17 = `11010119900101${String(n).padStart(3, '0')}`
  return first17 + idCardCheckCharacter(first17)
}

export type Person = { name: string; identityNo: string; phone: string }
export type Applicant = Person & { token: string; accountId: string; personId: string }

/** A person logged in through the real SMS flow, with their account and person ids. */
export async function applicantFor(t: TestApp, person: Person): Promise<Applicant> {
  const token = await t.loginPersonal(person.phone, { name: person.name, identityNo: person.identityNo })
  const caller = (await findCaller(t.db, token))!
  return { ...person, token, accountId: caller.accountId, personId: caller.person.id }
}

/** A cut-out seal picture stored as the applicant's PNG file, as the extractor stores it. */
export async function cutOutFile(t: TestApp, options: { accountId: string; unitName: string; sealTypeCode: string }): Promise<{ fileId: string; png: Buffer }> {
  const png = await sealPng(options.unitName, options.sealTypeCode)
  const file = await saveFile({ db: t.db, store: t.app.files, ownerAccountId: options.accountId, bytes: png, originalName: '印章图片.png' })
  return { fileId: file.id, png }
}

/** A seal picture: the organisation seal the seal package renders, a red square for the name seal. */
export async function sealPng(unitName: string, sealTypeCode: string): Promise<Buffer> {
  if (['01', '02', '03', '04', '99'].includes(sealTypeCode)) {
    return Buffer.from((await renderOrganizationSeal({ unitName, sealTypeCode: sealTypeCode as '01', pxPerMm: 6 })).png)
  }
  return sharp({ create: { width: 120, height: 120, channels: 4, background: { r: 230, g: 0, b: 18, alpha: 1 } } }).png().toBuffer()
}

/** A phone photo left for manual review (a JPEG, never a cut-out). */
export async function photoFile(t: TestApp, accountId: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 80, height: 80, channels: 3, background: { r: 240, g: 230, b: 220 } } }).jpeg().toBuffer()
  return (await saveFile({ db: t.db, store: t.app.files, ownerAccountId: accountId, bytes: jpeg, originalName: '印章照片.jpg' })).id
}

export type SealRequest = { sealTypeCode: string; sealName?: string; sealCode?: string; manualReview?: boolean; sealId?: string }

/**
 * A submitted application (PENDING_REVIEW unless told), inserted as the applicant endpoints leave it: the
 * form as the contract shapes it, the legal representative's PIN hashed, every seal with its cut-out.
 */
export async function insertApplication(
  t: TestApp,
  options: {
    applicant: Applicant
    unit: { name: string; socialCreditCode: string }
    legal: Person
    seals: SealRequest[]
    applyType?: 'LEGAL_APPLY' | 'OPERATOR_APPLY'
    businessType?: string
    companyVerifyPass?: boolean | null
    pin?: string
    status?: string
    form?: Partial<UnitApplicationFormInput>
    extra?: Partial<typeof unitApplications.$inferInsert>
  },
): Promise<UnitApplication> {
  const { applicant, unit, legal } = options
  const sealInfo = await Promise.all(
    options.seals.map(async (seal, i) => {
      const manual = seal.manualReview === true
      const picture = manual ? undefined : await cutOutFile(t, { accountId: applicant.accountId, unitName: unit.name, sealTypeCode: seal.sealTypeCode })
      return {
        _id: `item-${i + 1}`,
        sealId: seal.sealId ?? '',
        sealCode: seal.sealCode ?? '',
        sealName: seal.sealName ?? '',
        sealTypeCode: seal.sealTypeCode,
        sealTypeName: sealTypeLabel(seal.sealTypeCode),
        sealPic: picture?.fileId ?? '',
        originalFileId: manual ? await photoFile(t, applicant.accountId) : '',
        errorCount: manual ? 2 : 0,
        manualReview: manual,
      }
    }),
  )
  const applyType = options.applyType ?? 'LEGAL_APPLY'
  const parsed = unitApplicationForm.parse({
    businessType: options.businessType ?? 'APPLY',
    applyType,
    step: '3-1',
    unitName: unit.name,
    socialCreditCode: unit.socialCreditCode,
    addr: ['110000', '110100', '110108'],
    unitTypeCode: '02',
    autoUnitTypeCode: '02',
    businessLicense: (await photoFile(t, applicant.accountId)),
    legalPersonName: legal.name,
    legalPersonIdentityNo: legal.identityNo,
    legalTel: legal.phone,
    ...(applyType === 'OPERATOR_APPLY'
      ? { operatorRealName: applicant.name, operatorIdCardNo: applicant.identityNo, operatorTel: applicant.phone }
      : {}),
    sealInfo,
    applicationFiles: [await photoFile(t, applicant.accountId)],
    truthful: true,
    ...options.form,
  })
  const { id: _id, legalPassword: _l, legalPasswordConfirm: _lc, sealManagerPassword: _s, sealManagerPasswordConfirm: _sc, ...form } = parsed
  const [row] = await t.db
    .insert(unitApplications)
    .values({
      applicantAccountId: applicant.accountId,
      applicantPersonId: applicant.personId,
      applyType,
      businessType: form.businessType,
      step: form.step,
      applyStatus: options.status ?? 'PENDING_REVIEW',
      socialCreditCode: unit.socialCreditCode,
      unitName: unit.name,
      legalPersonIdentityNo: legal.identityNo,
      sealTypes: form.sealInfo.map((s) => s.sealTypeCode).join(','),
      // An operator's application reaches review once the legal representative signed it and set his PIN.
      form: { ...form, ...(applyType === 'OPERATOR_APPLY' ? { legalPinSetAtSigning: true } : {}) } as StoredForm,
      legalPinHash: await hashSealPin(options.pin ?? 'Seal2026'),
      managerPinHash: null,
      companyVerifyPass: options.companyVerifyPass === undefined ? true : options.companyVerifyPass,
      companyVerifyReason: options.companyVerifyPass === false ? '企业四要素核验不一致' : null,
      submittedAt: new Date(),
      ...options.extra,
    })
    .returning()
  return row!
}
