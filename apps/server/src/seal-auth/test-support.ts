import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { smsSendSlots } from '../auth/tables.ts'
import { makeWriter, writeSignature } from '../signing/handwriting-synthetic.ts'
import type { TestApp } from '../test/harness.ts'
import { samplePdf, uploadFile } from '../test/seals.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { creditCode, enterpriseSession, idNumber, personFor, unitFor, type TestPerson } from '../unit-apply/test-support.ts'

/**
 * Authorisation scenes driven through the API as the screens drive it: a unit with a contract seal, its
 * legal representative, people to authorise, and the grant → accept → use steps.
 */

export const SEAL_PIN = 'abc12345'
export const USE_PASSWORD = 'use12345'
const DAY_MS = 86_400_000

export type Scene = { legal: TestPerson; enterprise: string; sealId: string; unit: { name: string; socialCreditCode: string } }

export const callAs = (t: TestApp) => (token: string | undefined, url: string, body?: unknown) =>
  t.call({ method: body === undefined ? 'GET' : 'POST', url: `/api${url}`, body, token })

/** A unit (n distinct per scene) with a contract seal in effect for a year, its PIN SEAL_PIN. */
export async function sceneFor(t: TestApp, n: number): Promise<Scene> {
  const legal = await personFor(t, { name: `法人${'甲乙丙丁戊己庚辛壬癸'[n % 10]}`, identityNo: idNumber(700 + n) })
  const unit = { name: `授权第${n}号科技有限公司`, socialCreditCode: creditCode(700 + n) }
  const row = await unitFor(t, { name: unit.name, socialCreditCode: unit.socialCreditCode, legalPersonId: legal.id })
  const picture = await renderOrganizationSeal({ unitName: unit.name, sealTypeCode: '04', sealCode: `11010870${String(n).padStart(5, '0')}` })
  const made = await makeSeal(t.app.trust, {
    owner: { kind: 'unit', unitId: row.id, unitName: unit.name, socialCreditCode: unit.socialCreditCode },
    sealName: `${unit.name}合同专用章`,
    sealTypeCode: '04',
    sealCode: `11010870${String(n).padStart(5, '0')}`,
    image: picture.png,
    certStartTime: new Date(),
    certEndTime: new Date(Date.now() + 365 * DAY_MS),
    pin: SEAL_PIN,
  })
  return { legal, enterprise: await enterpriseSession(t, unit.socialCreditCode, legal.id), sealId: made.seal.id, unit }
}

/** Each person writes their own hand: a writer seeded from their ID number. */
export const writerOf = (person: { identityNo: string }) => Number(person.identityNo.slice(-5, -1))

/** A handwriting sample of the person (writer `seed`), answering its id. */
export async function sampleOf(t: TestApp, person: TestPerson, seed: number, variant = 1): Promise<string> {
  const saved = await callAs(t)(person.token, '/sign/handwriting/save', { identity: person.identityNo, name: person.name, signData: writeSignature(makeWriter(seed), 'genuine', variant) })
  expect(saved.body.resultStatus, saved.body.responseInfo).toBe('00')
  return saved.body.data.signatureId
}

/** A signature written now to be compared (purpose verify) by `writerSeed`, answering its id and verdict. */
export async function verifySignature(t: TestApp, person: TestPerson, writerSeed: number, variant = 9) {
  const saved = await callAs(t)(person.token, '/sign/handwriting/save', { identity: person.identityNo, name: person.name, purpose: 'verify', signData: writeSignature(makeWriter(writerSeed), 'genuine', variant) })
  return { signatureId: saved.body.data.signatureId as string, pass: saved.body.data.pass as boolean }
}

export type GrantOptions = { useType?: number; authUseType?: number; by?: string; signer?: TestPerson; password?: string; days?: number }

/** The creation data of an authorisation of the scene's seal to `grantee`, starting now. */
export const creationData = (scene: Scene, grantee: TestPerson, options: GrantOptions = {}) => ({
  sealId: scene.sealId,
  name: grantee.name,
  personIdentity: grantee.identityNo,
  phone: grantee.phone,
  identityType: '111',
  startTime: Date.now(),
  endTime: Date.now() + (options.days ?? 30) * DAY_MS,
  useType: options.useType ?? 2,
  authUseType: options.authUseType ?? 1,
  socialCreditCode: scene.unit.socialCreditCode,
})

/** The grantor creates and signs an authorisation: pending, the grantee told. Answers the authId. */
export async function grant(t: TestApp, scene: Scene, grantee: TestPerson, options: GrantOptions = {}): Promise<string> {
  const call = callAs(t)
  const token = options.by ?? scene.enterprise
  const signer = options.signer ?? scene.legal
  const created = await call(token, '/sealAuth/createAuth', creationData(scene, grantee, options))
  expect(created.body.resultStatus, created.body.responseInfo).toBe('00')
  const stashAuthId = created.body.data.stashAuthId
  const letter = await call(token, `/sealAuth/getLowPersonAuthFile?stashAuthId=${stashAuthId}`)
  expect(letter.body.resultStatus, letter.body.responseInfo).toBe('00')
  const lawPersonSignId = await sampleOf(t, { ...signer, token }, writerOf(signer))
  const signed = await call(token, '/sealAuth/submitLowPersonAuthFile', { stashAuthId, authFileId: letter.body.data.authFileId, lawPersonSignId, password: options.password ?? SEAL_PIN })
  expect(signed.body.resultStatus, signed.body.responseInfo).toBe('00')
  return signed.body.data.authId
}

/** The latest code sent to a phone (sandbox outbox); the 60-second slot is freed for the next send. */
export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const outbox = await callAs(t)(undefined, '/dev/sms-outbox')
  const message = outbox.body.data.find((m: { phone: string; text: string }) => m.phone === phone && m.text.includes('验证码'))
  await t.db.delete(smsSendSlots).where(eq(smsSendSlots.phone, phone))
  return /验证码为(\d{6})/.exec(message.text)![1]!
}

/** The grantee accepts: phone proven, password set (or five samples), letter countersigned. */
export async function accept(t: TestApp, grantee: TestPerson, authId: string, sealId: string, options: { useType?: number; writer?: number } = {}) {
  const call = callAs(t)
  const useType = options.useType ?? 2
  const sent = await call(grantee.token, '/sealAuth/sendSmsCode', { idnum: grantee.identityNo, name: grantee.name, tel: grantee.phone })
  expect(sent.body.resultStatus, sent.body.responseInfo).toBe('00')
  const proved = await call(grantee.token, '/sealAuth/telAuth', { idnum: grantee.identityNo, name: grantee.name, tel: grantee.phone, code: await latestCode(t, grantee.phone) })
  expect(proved.body.resultStatus, proved.body.responseInfo).toBe('00')
  const confirmed = await call(grantee.token, '/sealAuth/confirmPersonNew', { sealId, useType, usePasswod: USE_PASSWORD, confirmUsePassowrd: USE_PASSWORD })
  expect(confirmed.body.resultStatus, confirmed.body.responseInfo).toBe('00')
  let signId = ''
  for (let i = 1; i <= 5; i++) signId = await sampleOf(t, grantee, options.writer ?? writerOf(grantee), i)
  const letter = await call(grantee.token, `/sealAuth/getUseSealAuthFile?authId=${authId}`)
  expect(letter.body.resultStatus, letter.body.responseInfo).toBe('00')
  const accepted = await call(grantee.token, '/sealAuth/submitUseSealPersonAuthFile', { authId, authFileId: letter.body.data.authFileId, useSealPersonSignId: signId })
  expect(accepted.body.resultStatus, accepted.body.responseInfo).toBe('00')
  return accepted.body.data as { authId: string; authFileId: string }
}

/** Seals the sample PDF as `who` with the given proof; answers the envelope. */
export async function signAs(t: TestApp, who: TestPerson, sealId: string, proof: { pin?: string; signatureId?: string }) {
  const fileId = await uploadFile(t, who.token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' })
  return callAs(t)(who.token, '/seal/signDocument', { sealId, fileId, ...proof })
}

export { personFor, idNumber }
