import type { ApplicationFormInput } from '@seal/pdf/documents/application-form'
import type { ApplicationStatementKind } from '@seal/pdf/documents/application-statement'
import type { BusinessType } from '@seal/pdf/documents/codes'
import { applicantKind } from '@seal/shared/codes/business-type'
import { messages } from '@seal/shared/messages'
import { buildRegionTree, regionPath, type RegionNode } from '@seal/shared/regions/region-tree'
import { businessError } from '../errors.ts'
import { createAccessToken, verifyAccessToken } from '../files/service.ts'
import { inWorker } from '../workers/pool.ts'
import type { UnitApplication } from './tables.ts'
import { sealNameFor } from './seal-names.ts'

/** A download link of the application form stays good this long (the copy-link dialog, 001 §2 step 3-1). */
export const FORM_LINK_TTL_MS = 30 * 60_000

/** The token binds one application; the prefix keeps it from opening a file of the same id, and back. */
const tokenSubject = (applicationId: string) => `unit-application-form:${applicationId}`

/** A short-lived link to the application form for a browser outside our request layer (no bearer header). */
export function applicationFormLink(key: Buffer, applicationId: string, now = Date.now()): { url: string; expiresAt: number } {
  const token = createAccessToken(key, tokenSubject(applicationId), now, FORM_LINK_TTL_MS)
  const url = `/api/seal-apply/apply/downloadApplication?id=${encodeURIComponent(applicationId)}&access_token=${encodeURIComponent(token)}`
  return { url, expiresAt: Number(token.split('.')[0]) }
}

export const isFormLinkToken = (key: Buffer, applicationId: string, token: string) => verifyAccessToken(key, tokenSubject(applicationId), token)

let regionTree: RegionNode[] | undefined

/** The registration region as people read it (北京市 北京市 海淀区); the stored codes if the tree lacks them. */
function regionText(addr: string[]): string {
  regionTree ??= buildRegionTree()
  const district = addr[2]
  return (district && regionPath(regionTree, district)?.join(' ')) || addr.join(' ')
}


function sealsOf(row: UnitApplication) {
  if (row.form.sealInfo.length === 0) throw businessError(messages.sealRequired)
  return row.form.sealInfo.map((seal) => ({ sealTypeCode: seal.sealTypeCode, sealName: sealNameFor(seal, row.form, row.form.unitName), sealCode: seal.sealCode }))
}

/** The 电子印章申请表 filled with the application's data; the same application gives the same bytes. */
export async function applicationFormPdf(row: UnitApplication) {
  const form = row.form
  const person = (name: string, identityNo: string, phone: string, identityType?: string) => ({ name, identityNo, phone, ...(identityType ? { identityType } : {}) })
  const input: ApplicationFormInput = {
    businessType: row.businessType as BusinessType,
    unit: { unitName: form.unitName, socialCreditCode: form.socialCreditCode, unitTypeCode: form.unitTypeCode, region: regionText(form.addr) },
    legalRepresentative: person(form.legalPersonName, form.legalPersonIdentityNo, form.legalTel, form.legalPersonIdentityType),
    ...(row.applyType === applicantKind.OPERATOR_APPLY ? { operator: person(form.operatorRealName, form.operatorIdCardNo, form.operatorTel) } : {}),
    ...(form.setSealManager ? { sealManager: person(form.sealManagerName, form.sealManagerIdentityNo, form.sealManagerTel, form.sealManagerIdentityType) } : {}),
    seals: sealsOf(row),
    applyNo: row.id,
    createdAt: row.createdAt,
  }
  return inWorker({ kind: 'applicationForm', input })
}

/** The legal representative's 确认书 or the operator's 授权委托书, dated when `signedOn` is given. */
export async function applicationStatementPdf(row: UnitApplication, kind: ApplicationStatementKind, signedOn?: Date) {
  const form = row.form
  return inWorker({
    kind: 'applicationStatement',
    input: {
      kind,
      businessType: row.businessType as BusinessType,
      unit: { unitName: form.unitName, socialCreditCode: form.socialCreditCode },
      legalRepresentative: { name: form.legalPersonName, identityNo: form.legalPersonIdentityNo },
      ...(row.applyType === applicantKind.OPERATOR_APPLY ? { operator: { name: form.operatorRealName, identityNo: form.operatorIdCardNo, phone: form.operatorTel } } : {}),
      seals: sealsOf(row),
      applyNo: row.id,
      createdAt: row.createdAt,
      ...(signedOn ? { signedOn } : {}),
    },
  })
}

/**
 * The 电子印章申请表 of a renewal (getRenewalDocuments): the unit as on record, its legal representative,
 * the operator when someone else applies, and the seals to renew. Dated the given day, so asking again the
 * same day gives the same bytes.
 */
export async function renewalFormPdf(input: {
  unit: { name: string; socialCreditCode: string; unitTypeCode: string; regionCode: string | null }
  legalRepresentative: { name: string; identityNo: string; phone: string }
  operator?: { name: string; identityNo: string; phone: string } | undefined
  seals: { sealTypeCode: string; sealName: string; sealCode: string }[]
  day: Date
}) {
  const form: ApplicationFormInput = {
    businessType: 'RENEWAL',
    unit: {
      unitName: input.unit.name,
      socialCreditCode: input.unit.socialCreditCode,
      unitTypeCode: input.unit.unitTypeCode,
      region: input.unit.regionCode ? regionText(['', '', input.unit.regionCode]) : '',
    },
    legalRepresentative: input.legalRepresentative,
    ...(input.operator ? { operator: input.operator } : {}),
    seals: input.seals,
    createdAt: input.day,
  }
  return inWorker({ kind: 'applicationForm', input: form })
}
