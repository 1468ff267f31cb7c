import { readSessionJson, writeSessionJson } from '../../lib/session/session.ts'

/**
 * What the flow keeps in sessionStorage between its screens and across a reload, until the application
 * is submitted: the phone typed in step 1, the OCR serials of the ID sides (never the pictures: they stay
 * in memory only, spec 002 §5) and the samples written in step 4. A failed request loses nothing.
 * Passwords are never kept here.
 */
const IDENTITY_KEY = 'seal.personalSeal.identity'
const SAMPLES_KEY = 'seal.personalSeal.samples'

export type StoredIdentity = { tel?: string; frontSerial?: string; backSerial?: string }

export function readIdentity(): StoredIdentity {
  const value = readSessionJson(IDENTITY_KEY)
  if (!value || typeof value !== 'object') return {}
  const stored = value as Record<string, unknown>
  const text = (name: string) => (typeof stored[name] === 'string' && stored[name] ? (stored[name] as string) : undefined)
  return { tel: text('tel'), frontSerial: text('frontSerial'), backSerial: text('backSerial') }
}

/** Merges into what is kept; an undefined field removes it (a removed picture has no serial). */
export function writeIdentity(change: Partial<Record<keyof StoredIdentity, string | undefined>>) {
  const next: Record<string, string | undefined> = { ...readIdentity(), ...change }
  writeSessionJson(IDENTITY_KEY, next)
}

/** The ids of the samples written in step 4 (pass only), oldest first. */
export function readSamples(): string[] {
  const value = readSessionJson(SAMPLES_KEY)
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
}

export function writeSamples(ids: string[]) {
  writeSessionJson(SAMPLES_KEY, ids)
}

/** After a successful submission: the next application starts clean. */
export function clearFlowStore() {
  sessionStorage.removeItem(IDENTITY_KEY)
  sessionStorage.removeItem(SAMPLES_KEY)
}
