import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { renderIdCardBack, renderIdCardFront, type IdCardBackInfo } from '../identity/test-images/id-card.ts'
import { sampleCardholders } from '../identity/test-images/samples.ts'
import { makeSeal } from '../seals/make-seal.ts'
import type { TestApp } from '../test/harness.ts'
import { uploadFile } from '../test/seals.ts'
import { creditCode, personFor, unitFor, type TestPerson } from '../unit-apply/test-support.ts'

/**
 * Activation scenes: a unit whose legal representative is one of the invented cardholders (so OCR reads his
 * card), with seals made pending activation as the offline road makes them (makeSeal, status 4, no PIN).
 */

const YEAR_MS = 365 * 86_400_000

/** The n-th invented cardholder as a person with a session (verified unless said). */
export async function cardholder(t: TestApp, n: number, options: { verified?: boolean } = {}) {
  const sample = sampleCardholders[n]!
  const person = await personFor(t, { name: sample.person.name, identityNo: sample.person.idNumber, verified: options.verified ?? true })
  return { ...person, back: sample.back }
}

export type Cardholder = Awaited<ReturnType<typeof cardholder>>

/** A unit (credit code `creditCode(n)`) whose legal representative is `legal`. */
export async function unitOf(t: TestApp, n: number, legal: TestPerson) {
  return unitFor(t, { name: `激活第${n}号科技有限公司`, socialCreditCode: creditCode(n), legalPersonId: legal.id })
}

/** A seal of the unit made as the offline road makes it: waiting for activation (4) unless `status` says otherwise. */
export async function pendingSealOf(
  t: TestApp,
  unit: { id: string; name: string; socialCreditCode: string },
  options: { sealTypeCode?: '01' | '02' | '03' | '04'; pin?: string; status?: '1' | '4' } = {},
) {
  const sealTypeCode = options.sealTypeCode ?? '01'
  const sealCode = `${unit.socialCreditCode.slice(-6)}${sealTypeCode.padStart(4, '0')}`
  const picture = await renderOrganizationSeal({ unitName: unit.name, sealTypeCode, sealCode })
  const made = await makeSeal(t.app.trust, {
    owner: { kind: 'unit', unitId: unit.id, unitName: unit.name, socialCreditCode: unit.socialCreditCode },
    sealName: `${unit.name}${{ '01': '公章', '02': '财务专用章', '03': '发票专用章', '04': '合同专用章' }[sealTypeCode] ?? '专用章'}`,
    sealTypeCode,
    sealCode,
    image: picture.png,
    certStartTime: new Date(),
    certEndTime: new Date(Date.now() + YEAR_MS),
    pin: options.pin,
    status: options.status ?? '4',
  })
  return made.seal
}

/** Both sides of a card as stored files of the person behind `token` (POST /file/upload). */
export async function idPhotos(t: TestApp, token: string, card: { name: string; idNumber: string; back: IdCardBackInfo }) {
  const front = await uploadFile(t, token, { name: 'front.png', bytes: await renderIdCardFront({ name: card.name, idNumber: card.idNumber }), type: 'image/png' })
  const back = await uploadFile(t, token, { name: 'back.png', bytes: await renderIdCardBack(card.back), type: 'image/png' })
  return { personFront: front, personBack: back }
}

/** The person's own card. */
export const ownCard = (person: Cardholder) => ({ name: person.name, idNumber: person.identityNo, back: person.back })

export const callAs = (t: TestApp) => (token: string, url: string, body?: unknown) =>
  t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })
