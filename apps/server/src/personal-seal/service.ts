import { and, desc, eq, inArray } from 'drizzle-orm'
import { renderPersonalSeal } from '@seal/seal/personal-seal'
import { sealStatusHeld } from '@seal/shared/codes/seal-status'
import type { PersonalApplyBody, PersonalApplyDraft, PersonalIdentityBody, PersonalSealStyleCode } from '@seal/shared/api/personal-seal'
import { messages, messageTemplates } from '@seal/shared/messages'
import { isOldEnough } from '@seal/shared/rules/id-card'
import type { Caller } from '../plugins/caller.ts'
import { resolveConfig } from '../config/service.ts'
import type { Database } from '../db/client.ts'
import { businessError, forbidden, notFound } from '../errors.ts'
import { faceResult } from '../identity/face.ts'
import { seals } from '../seals/tables.ts'
import type { Trust } from '../trust/context.ts'
import { makeSeal } from '../seals/make-seal.ts'
import { personalSealApplications, type PersonalSealApplication } from './tables.ts'

export const PERSONAL_SEAL_TYPE = '1000'
/** Validity of a personal name seal's certificate (the spec does not say; docs/decisions.md). */
export const PERSONAL_SEAL_VALID_YEARS = 3

export const personalSealMessages = {
  faceNotPassed: '人脸核验未通过，请先完成人脸识别',
  stepsMissing: '申请信息不完整，请按步骤完成申请',
  ocrMissing: messages.imageRecognitionFailed,
} as const

/** Only a personal account may apply for a personal name seal (spec 002 §1). */
function assertPersonal(caller: Caller) {
  if (caller.kind !== 'personal') throw businessError(messages.switchToPersonalAccount)
}

/** Whether the person already has a personal name seal applied for or in effect. */
export async function hasPersonalSeal(db: Database, personId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: seals.id })
    .from(seals)
    .where(and(eq(seals.personId, personId), eq(seals.sealTypeCode, PERSONAL_SEAL_TYPE), inArray(seals.status, [...sealStatusHeld])))
    .limit(1)
  return Boolean(row)
}

async function openDraft(db: Database, caller: Caller): Promise<PersonalSealApplication | undefined> {
  const [row] = await db
    .select()
    .from(personalSealApplications)
    .where(and(eq(personalSealApplications.personId, caller.person.id), eq(personalSealApplications.status, 'draft')))
    .orderBy(desc(personalSealApplications.updatedAt))
    .limit(1)
  return row
}

async function requireDraft(db: Database, caller: Caller) {
  const draft = await openDraft(db, caller)
  if (!draft) throw businessError(personalSealMessages.stepsMissing)
  return draft
}

export function toDraft(row: PersonalSealApplication, caller: Caller): PersonalApplyDraft {
  return {
    applyId: row.id,
    personName: caller.person.name,
    identityNum: caller.person.identityNo,
    tel: row.tel,
    identityChecked: row.identityChecked,
    faceSerialNo: row.faceSerialNo,
    agreementFiles: row.agreementFiles,
    signatureId: row.signatureId,
    style: row.style,
    step: row.step,
  }
}

export async function currentDraft(db: Database, caller: Caller): Promise<PersonalApplyDraft | null> {
  assertPersonal(caller)
  const row = await openDraft(db, caller)
  return row ? toDraft(row, caller) : null
}

/** POST /personSeal/queryCanOrNotApply: true when a personal seal is applied for or in effect. Own identity only. */
export async function queryCanOrNotApply(db: Database, caller: Caller, query: { dzmzcyzZjhm: string; dzmzcyzXm: string }) {
  if (query.dzmzcyzZjhm !== caller.person.identityNo || query.dzmzcyzXm !== caller.person.name) throw forbidden(messages.idNumberNotLoginNumber)
  return hasPersonalSeal(db, caller.person.id)
}

/** The OCR results the identity step relies on; read through the OCR module (it owns its table). */
export type OcrResults = {
  front: (serial: string) => Promise<{ idCardNum?: string | null } | undefined>
  back: (serial: string) => Promise<{ authorDateStr?: string | null; expiredDateStr?: string | null } | undefined>
}

/**
 * Step 1 (spec 002 §5 "Personal name seal identity step"): the person on the ID must be the logged-in
 * person, old enough, without a personal seal; the front's number must be the login number and the back
 * must carry its dates. Opens the draft, or updates the open one.
 */
export async function checkIdentity(options: { db: Database; caller: Caller; body: PersonalIdentityBody; ocr: OcrResults; now?: Date }) {
  const { db, caller, body } = options
  assertPersonal(caller)
  if (body.identityNum !== caller.person.identityNo) throw businessError(messages.idNumberNotLoginNumber)
  if (body.personName !== caller.person.name) throw businessError(messages.invalidPersonName)
  const config = await resolveConfig(db, { channel: caller.channel, identityNo: caller.person.identityNo })
  if (!isOldEnough({ idCard: body.identityNum, minAge: config.minApplicantAge, on: options.now ?? new Date() })) {
    throw businessError(messageTemplates.underMinimumAge(config.minApplicantAge))
  }
  if (await hasPersonalSeal(db, caller.person.id)) throw businessError(messages.personalSealExists)

  const front = await options.ocr.front(body.frontSerial)
  if (!front?.idCardNum) throw businessError(messages.imageRecognitionFailed)
  if (front.idCardNum.toUpperCase() !== caller.person.identityNo) throw businessError(messages.idNumberNotLoginNumber)
  const back = await options.ocr.back(body.backSerial)
  if (!back) throw businessError(messages.imageRecognitionFailed)
  if (!back.authorDateStr && !back.expiredDateStr) throw businessError(messages.idBackInvalid)

  const values = { tel: body.tel, identityChecked: true, frontSerial: body.frontSerial, backSerial: body.backSerial, updatedAt: new Date() }
  const existing = await openDraft(db, caller)
  const [row] = existing
    ? await db
        .update(personalSealApplications)
        .set({ ...values, step: Math.max(existing.step, 2) })
        .where(eq(personalSealApplications.id, existing.id))
        .returning()
    : await db
        .insert(personalSealApplications)
        .values({ ...values, personId: caller.person.id, accountId: caller.accountId, step: 2 })
        .returning()
  return toDraft(row!, caller)
}

/** Step 2: a face verification of this person that succeeded. */
export async function recordFace(db: Database, caller: Caller, serialNo: string) {
  assertPersonal(caller)
  const draft = await requireDraft(db, caller)
  if (!draft.identityChecked) throw businessError(personalSealMessages.stepsMissing)
  const result = await faceResult(db, caller, serialNo)
  if (result.status !== '2') throw businessError(personalSealMessages.faceNotPassed)
  const [row] = await db
    .update(personalSealApplications)
    .set({ faceSerialNo: serialNo, step: Math.max(draft.step, 3), updatedAt: new Date() })
    .where(eq(personalSealApplications.id, draft.id))
    .returning()
  return toDraft(row!, caller)
}

/**
 * 重新填写: the open application is abandoned, so the next step 1 opens a new one and nothing proved in
 * the old one (face check, agreements, chosen signature) counts for it. Nothing open is not an error.
 */
export async function restartPersonalApplication(db: Database, caller: Caller) {
  assertPersonal(caller)
  await db
    .update(personalSealApplications)
    .set({ status: 'abandoned', updatedAt: new Date() })
    .where(and(eq(personalSealApplications.personId, caller.person.id), eq(personalSealApplications.status, 'draft')))
}

/** The three styles drawn from the applicant's own name (spec 002 step 5). */
export async function stylePreview(caller: Caller) {
  assertPersonal(caller)
  return Promise.all(
    (['1', '2', '3'] as const).map(async (style) => {
      const { png } = await renderPersonalSeal({ name: caller.person.name, style })
      return { style, image: `data:image/png;base64,${Buffer.from(png).toString('base64')}` }
    }),
  )
}

/** Steps 4 and 5: the chosen signature (already checked to be the caller's) and the seal style. */
export async function recordChoice(db: Database, caller: Caller, choice: { signatureId?: string | undefined; style?: PersonalSealStyleCode | undefined }) {
  assertPersonal(caller)
  const draft = await requireDraft(db, caller)
  const step = choice.style ? 6 : choice.signatureId ? 5 : draft.step
  const [row] = await db
    .update(personalSealApplications)
    .set({
      ...(choice.signatureId ? { signatureId: choice.signatureId } : {}),
      ...(choice.style ? { style: choice.style } : {}),
      step: Math.max(draft.step, step),
      updatedAt: new Date(),
    })
    .where(eq(personalSealApplications.id, draft.id))
    .returning()
  return toDraft(row!, caller)
}

export async function recordAgreements(db: Database, caller: Caller, files: { key: string; fileId: string }[]) {
  const draft = await requireDraft(db, caller)
  await db
    .update(personalSealApplications)
    .set({ agreementFiles: files, step: Math.max(draft.step, 4), updatedAt: new Date() })
    .where(eq(personalSealApplications.id, draft.id))
}

/**
 * Step 6 (POST /seal-apply/apply/save/person): every earlier step must be on record for this person;
 * the seal is made through the trust core (key, certificate, image, PIN) and the application closed in
 * the same transaction. The database lets one seal through per person however many submissions race
 * (seals_one_personal_seal_idx); the others are told a seal exists.
 */
export async function submitPersonalApplication(options: { trust: Trust; caller: Caller; body: PersonalApplyBody; faceRequired: boolean }) {
  const { trust, caller, body } = options
  assertPersonal(caller)
  if (body.personIdentity !== caller.person.identityNo || body.personName !== caller.person.name) throw notFound()
  // A seal made by a submission just before closed the draft: say that, not that steps are missing.
  if (await hasPersonalSeal(trust.db, caller.person.id)) throw businessError(messages.personalSealExists)
  const draft = await requireDraft(trust.db, caller)
  const complete =
    draft.identityChecked &&
    draft.frontSerial === body.personFront &&
    draft.backSerial === body.personBack &&
    (!options.faceRequired || draft.faceSerialNo === body.serialNo) &&
    draft.agreementFiles.length > 0 &&
    draft.signatureId
  if (!complete) throw businessError(personalSealMessages.stepsMissing)

  const { png } = await renderPersonalSeal({ name: caller.person.name, style: body.style })
  const start = trust.now()
  const end = new Date(start)
  end.setFullYear(end.getFullYear() + PERSONAL_SEAL_VALID_YEARS)
  const made = await makeSeal(trust, {
    owner: { kind: 'person', personId: caller.person.id, name: caller.person.name, identityNo: caller.person.identityNo },
    sealName: `${caller.person.name}的个人名章`,
    sealTypeCode: PERSONAL_SEAL_TYPE,
    image: png,
    certStartTime: start,
    certEndTime: end,
    pin: body.pin,
    useType: '2',
    actorAccountId: caller.accountId,
    inSameTransaction: async (tx, seal) => {
      await tx
        .update(personalSealApplications)
        .set({ status: 'done', style: body.style, sealId: seal.id, step: 6, updatedAt: new Date() })
        .where(eq(personalSealApplications.id, draft.id))
    },
  })
  return { applyId: draft.id, sealId: made.seal.id }
}

/**
 * Start-up repair: closes open drafts of people who hold a personal name seal. The submission closes its
 * draft in the seal's own transaction, so only data from before that rule, or a draft opened while a
 * seal was being made, can be in this state. A draft older than the seal led to it (done); a newer one
 * can never be submitted (abandoned).
 */
export async function closeDraftsOfMadeSeals(db: Database): Promise<number> {
  const stale = await db
    .select({ draftId: personalSealApplications.id, draftCreatedAt: personalSealApplications.createdAt, sealId: seals.id, sealCreatedAt: seals.createdAt })
    .from(personalSealApplications)
    .innerJoin(seals, eq(seals.personId, personalSealApplications.personId))
    .where(and(eq(personalSealApplications.status, 'draft'), eq(seals.sealTypeCode, PERSONAL_SEAL_TYPE), inArray(seals.status, [...sealStatusHeld])))
  for (const row of stale) {
    const madeFromIt = row.draftCreatedAt <= row.sealCreatedAt
    await db
      .update(personalSealApplications)
      .set(madeFromIt ? { status: 'done', sealId: row.sealId, updatedAt: new Date() } : { status: 'abandoned', updatedAt: new Date() })
      .where(and(eq(personalSealApplications.id, row.draftId), eq(personalSealApplications.status, 'draft')))
  }
  return stale.length
}
