import type { PersonalApplyBody, PersonalApplyDraft, PersonalSealStyleCode } from '@seal/shared/api/personal-seal'
import { PERSONAL_SAMPLE_COUNT } from '@seal/shared/api/handwriting'
import { stripWhitespace } from '@seal/shared/rules/seal-password'
import type { StoredIdentity } from './flow-store.ts'

/** The seal's make date as the apply payload carries it: YYYYMMDD, local calendar day. */
export function makeDateOf(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}${pad(day.getMonth() + 1)}${pad(day.getDate())}`
}

export type PayloadInput = {
  draft: PersonalApplyDraft
  identity: StoredIdentity
  pin: string
  today: Date
}

/** Why the payload cannot be built: the ID serials are gone (a new browser session), or a step is missing. */
export type PayloadProblem = 'identityMissing' | 'styleMissing'

/**
 * The body of POST /seal-apply/apply/save/person (spec 002 §3 "Personal apply payload") from the draft and
 * what step 1 kept. `serialNo` is the face verification's serial; when the configuration has no face
 * step the draft has none, and the application id stands in for it (the server does not compare it then).
 */
export function personalApplyPayload(input: PayloadInput): { body: PersonalApplyBody } | { problem: PayloadProblem } {
  const { draft, identity } = input
  const frontSerial = identity.frontSerial
  const backSerial = identity.backSerial
  if (!frontSerial || !backSerial) return { problem: 'identityMissing' }
  if (!draft.style) return { problem: 'styleMissing' }
  return {
    body: {
      identityType: '111',
      personIdentity: draft.identityNum,
      personName: draft.personName,
      personFront: frontSerial,
      personBack: backSerial,
      makeDate: makeDateOf(input.today),
      pin: stripWhitespace(input.pin),
      sealTypeCode: '1000',
      tel: draft.tel || identity.tel || '',
      style: draft.style as PersonalSealStyleCode,
      serialNo: draft.faceSerialNo ?? draft.applyId,
      applyType: '1',
    },
  }
}

/** Samples written in step 4 before the person chooses one (spec 002 §4, §9). */
export const SAMPLES_NEEDED = PERSONAL_SAMPLE_COUNT

/** The counter over the board: 1/3, 2/3, 3/3. */
export function sampleCounter(written: number): string {
  return `${Math.min(written + 1, SAMPLES_NEEDED)}/${SAMPLES_NEEDED}`
}
