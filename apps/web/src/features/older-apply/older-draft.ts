import { useCallback, useState } from 'react'
import { readSessionJson, writeSessionJson } from '../../lib/session/session.ts'

/**
 * The older wizard's draft, kept between its steps (spec 001 §3 "Application draft (older wizard)") in
 * sessionStorage, so a reload or 上一步 loses nothing typed. The seal password is never kept: it lives in
 * step 4's inputs until it is sent. `applyId` is the application the server stored at step 2; `ranId` the
 * unit verification that verified it (what POST /apply/multiple/seals is submitted by).
 */
const DRAFT_KEY = 'seal.olderApply.draft'

/** One chosen seal: its type, name (other-type seals), physical seal code (step 4-1) and pictures (step 4). */
export type OlderSeal = {
  _id: string
  sealTypeCode: string
  sealTypeName: string
  sealName: string
  /** How many records the unit has of this type (001 §3 _recordsNumber): not exactly one asks step 4-1. */
  records: number
  /** Step 4-1: whether a physical seal exists ('yes' once its code was found), '' not answered yet. */
  physical: '' | 'yes' | 'no'
  sealCode: string
  sealPic: string
  originalFileId: string
  errorCount: number
  manualReview: boolean
}

export type OlderDraft = {
  applyId: string | null
  unitName: string
  socialCreditCode: string
  unitTypeCode: string
  license: string
  busSerialNo: string
  addressState: string[]
  personName: string
  identityNum: string
  identityFront: string
  identityBack: string
  tel: string
  ranId: string | null
  companyVerifyPass: boolean | null
  faceSerialNo: string | null
  seals: OlderSeal[]
  /** Types with a seal awaiting activation (chosen and locked at step 1): activated at /seal-active/step-1. */
  activations: string[]
  applicationFiles: string[]
  truthful: boolean
}

export const emptyDraft = (): OlderDraft => ({
  applyId: null,
  unitName: '',
  socialCreditCode: '',
  unitTypeCode: '',
  license: '',
  busSerialNo: '',
  addressState: [],
  personName: '',
  identityNum: '',
  identityFront: '',
  identityBack: '',
  tel: '',
  ranId: null,
  companyVerifyPass: null,
  faceSerialNo: null,
  seals: [],
  activations: [],
  applicationFiles: [],
  truthful: false,
})

const isSeal = (value: unknown): value is OlderSeal =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OlderSeal)._id === 'string' &&
  typeof (value as OlderSeal).sealTypeCode === 'string'

/** The kept draft, each field of the expected kind or its empty value (another version of the app may have written it). */
export function readOlderDraft(): OlderDraft {
  const kept = readSessionJson(DRAFT_KEY)
  const empty = emptyDraft()
  if (!kept || typeof kept !== 'object' || Array.isArray(kept)) return empty
  const draft: Record<string, unknown> = { ...empty }
  for (const [key, fallback] of Object.entries(empty)) {
    const value = (kept as Record<string, unknown>)[key]
    if (value === undefined) continue
    const sameKind =
      fallback === null
        ? value === null || typeof value === 'string' || typeof value === 'boolean'
        : Array.isArray(fallback)
          ? Array.isArray(value)
          : typeof value === typeof fallback
    if (sameKind) draft[key] = value
  }
  const result = draft as OlderDraft
  return {
    ...result,
    seals: result.seals.filter(isSeal).map((seal) => ({ ...emptySeal(seal.sealTypeCode), ...seal })),
  }
}

/** A new chosen seal of a type. */
export function emptySeal(sealTypeCode: string, sealTypeName = '', records = 0): OlderSeal {
  return {
    _id: newSealKey(),
    sealTypeCode,
    sealTypeName,
    sealName: '',
    records,
    physical: '',
    sealCode: '',
    sealPic: '',
    originalFileId: '',
    errorCount: 0,
    manualReview: false,
  }
}

export function writeOlderDraft(draft: OlderDraft) {
  try {
    writeSessionJson(DRAFT_KEY, draft)
  } catch {
    // A full or blocked storage only costs the reload copy.
  }
}

export function clearOlderDraft() {
  sessionStorage.removeItem(DRAFT_KEY)
}

export type DraftPatch = Partial<OlderDraft> | ((draft: OlderDraft) => Partial<OlderDraft>)

/**
 * The draft for a step's screen: read once, every change written through at once. A change of the unit or the
 * legal representative after the verification drops the verification: it verified what was there before.
 */
export function useOlderDraft(): [OlderDraft, (patch: DraftPatch) => OlderDraft] {
  const [draft, setDraft] = useState(readOlderDraft)
  const update = useCallback((patch: DraftPatch) => {
    const current = readOlderDraft()
    const change = typeof patch === 'function' ? patch(current) : patch
    const verifiedFields: (keyof OlderDraft)[] = [
      'unitName',
      'socialCreditCode',
      'unitTypeCode',
      'addressState',
      'personName',
      'identityNum',
      'tel',
      'license',
      'identityFront',
      'identityBack',
    ]
    const unverified = verifiedFields.some(
      (key) => key in change && JSON.stringify(change[key]) !== JSON.stringify(current[key]),
    )
    const next = {
      ...current,
      ...change,
      ...(unverified && !('ranId' in change) ? { ranId: null, companyVerifyPass: null } : {}),
    }
    writeOlderDraft(next)
    setDraft(next)
    return next
  }, [])
  return [draft, update]
}

let counter = 0
/** A row key of the client's own. */
export const newSealKey = () => `o${Date.now().toString(36)}${++counter}`
