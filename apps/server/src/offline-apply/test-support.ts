import type { OfflineApplyFormInput } from '@seal/shared/api/offline-apply'
import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { eq } from 'drizzle-orm'
import type { TestApp } from '../test/harness.ts'
import { applicantFor, cutOutFile, idNumber, type Applicant } from '../test/unit-applications.ts'
import { unitApplications } from '../unit-apply/tables.ts'
import { pictureFor } from '../unit-apply/test-support.ts'

/** Test support of the offline door's API tests (people and units come from unit-apply/test-support.ts). */

export const offlineBase = '/api/paas-seal-offline-sdk/v1/offlineApply'

/** A verified person logged in through the SMS flow, with one uploaded picture to use as every file. */
export type Operator = Applicant & { fileId: string }

export async function operatorFor(t: TestApp, n: number, name: string): Promise<Operator> {
  const person = await applicantFor(t, { name, identityNo: idNumber(n), phone: `1360000${String(n).padStart(4, '0')}` })
  return { ...person, fileId: await pictureFor(t, person.token) }
}

/** A valid credit code of an administrative or public institution (06 by its prefix 121). */
export const institutionCreditCode = (n: number) => {
  const first17 = `12110108MB01AC${String(n).padStart(3, '0')}`
  return first17 + creditCodeCheckCharacter(first17)
}

/** A complete step-1 body of the offline form: the operator applies for a unit whose legal representative is `legal`. */
export function offlineForm(
  operator: Pick<Operator, 'name' | 'identityNo' | 'phone' | 'fileId'>,
  legal: { name: string; identityNo: string; phone: string },
  unit: { unitName: string; socialCreditCode: string; unitTypeCode?: string },
  overrides: Partial<OfflineApplyFormInput> = {},
): OfflineApplyFormInput {
  const f = operator.fileId
  return {
    businessType: 1,
    operatorRealName: operator.name,
    operatorIdCardNo: operator.identityNo,
    operatorTel: operator.phone,
    operatorIdentityFrontFileId: f,
    operatorIdentityBackFileId: f,
    licenseFileId: f,
    sealUseCompany: unit.unitName,
    socialCode: unit.socialCreditCode,
    unitTypeCode: unit.unitTypeCode ?? '02',
    registrationPlaceCode: ['110000', '110100', '110108'],
    registrationPlace: '北京市 北京市 海淀区',
    legalPersonName: legal.name,
    legalPersonIdentityNo: legal.identityNo,
    legalTel: legal.phone,
    legalPersonIdFrontFileId: f,
    legalPersonIdBackFileId: f,
    gaSealTypeInfos: [{ sealType: '01' }, { sealType: '04' }],
    ...overrides,
  }
}

/**
 * Every seal item of a draft given a cut-out picture as the extractor stores it (the extraction itself is
 * tested once through uploadSealBase64Pic: it reads the seal's face with tesseract, slow on a busy machine).
 */
export async function givePatterns(t: TestApp, operator: { accountId: string }, applyId: string, unitName: string) {
  const [row] = await t.db.select().from(unitApplications).where(eq(unitApplications.id, applyId))
  const sealInfo = await Promise.all(
    row!.form.sealInfo.map(async (item) => ({ ...item, sealPic: (await cutOutFile(t, { accountId: operator.accountId, unitName, sealTypeCode: item.sealTypeCode })).fileId })),
  )
  await t.db.update(unitApplications).set({ form: { ...row!.form, sealInfo }, updatedAt: new Date() }).where(eq(unitApplications.id, applyId))
  return sealInfo
}
