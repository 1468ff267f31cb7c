import { unitApplicationForm, type UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { findCaller } from '../auth/sessions.ts'
import type { TestApp } from '../test/harness.ts'
import { unitApplications, type UnitApplication } from './tables.ts'

export type TestUnit = {
  socialCreditCode: string
  unitName: string
  legalPersonName: string
  legalPersonIdentityNo: string
  unitTypeCode: string
  phone?: string
}
export type TestPerson = { name: string; identityNo: string; phone: string }

/**
 * A draft of step 1 as the client saves it before verifying (every field filled, ID photos and licence
 * uploaded), written straight to the table: the draft routes are not what these tests are about.
 */
export async function saveStep1Draft(
  t: TestApp,
  token: string,
  options: { as: TestPerson; unit: TestUnit; kind?: 'LEGAL_APPLY' | 'OPERATOR_APPLY'; form?: Partial<UnitApplicationFormInput> },
): Promise<UnitApplication> {
  const caller = (await findCaller(t.db, token))!
  const kind = options.kind ?? 'LEGAL_APPLY'
  const form = unitApplicationForm.parse({
    businessType: 'APPLY',
    applyType: kind,
    ...(kind === 'OPERATOR_APPLY'
      ? { operatorRealName: options.as.name, operatorIdCardNo: options.as.identityNo, operatorTel: options.as.phone, operatorFrontFileId: 'op-front', operatorBackFileId: 'op-back' }
      : {}),
    businessLicense: 'licence-file',
    unitName: options.unit.unitName,
    socialCreditCode: options.unit.socialCreditCode,
    addr: ['110000', '110100', '110108'],
    unitTypeCode: options.unit.unitTypeCode,
    legalPersonName: options.unit.legalPersonName,
    legalPersonIdentityNo: options.unit.legalPersonIdentityNo,
    legalTel: options.unit.phone ?? '13600000399',
    legalPersonIdFrontFileId: 'legal-front',
    legalPersonIdBackFileId: 'legal-back',
    sealInfo: [{ _id: 's1', sealTypeCode: '01', sealTypeName: '单位公章' }],
    ...options.form,
  })
  const { id: _id, ...stored } = form
  const [row] = await t.db
    .insert(unitApplications)
    .values({
      applicantAccountId: caller.accountId,
      applicantPersonId: caller.person.id,
      applyType: form.applyType,
      businessType: form.businessType,
      socialCreditCode: form.socialCreditCode,
      unitName: form.unitName,
      legalPersonIdentityNo: form.legalPersonIdentityNo,
      form: stored,
    })
    .returning()
  return row!
}

/** The body the client sends for a saved draft (fourElementsBody). */
export const verificationBodyOf = (application: UnitApplication, extra: Record<string, unknown> = {}) => ({
  applyId: application.id,
  legal: application.form.legalPersonName,
  legalIdentity: application.form.legalPersonIdentityNo,
  name: application.form.unitName,
  socialCode: application.form.socialCreditCode,
  unitTypeCode: application.form.unitTypeCode,
  unitAdminNum: application.form.addr.at(-1),
  ...extra,
})
