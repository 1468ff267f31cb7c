import type { OfflineForm } from './offline-form.ts'

/**
 * The step-1 form kept in sessionStorage (never its passwords) on every change, so that a reload or a
 * dropped request loses nothing typed since the last save. `applyId` '' is a form never saved; `dirty`
 * says something was typed after the last successful save: only then does the copy win over the server's.
 */
const MIRROR_KEY = 'seal.offlineApply.form'

type Mirror = { applyId: string; businessType: number; form: OfflineForm; dirty: boolean }

export function writeOfflineMirror(form: OfflineForm, dirty: boolean) {
  const kept: OfflineForm = { ...form, sealManagerPassword: undefined, sealManagerPasswordConfirm: undefined }
  try {
    sessionStorage.setItem(
      MIRROR_KEY,
      JSON.stringify({
        applyId: form.applyId ?? '',
        businessType: form.businessType,
        form: kept,
        dirty,
      } satisfies Mirror),
    )
  } catch {
    // A full or blocked storage only costs the reload copy; the server's draft is still there.
  }
}

/** The kept copy of this application (applyId '' for one never saved) when something was typed after its last save. */
export function readOfflineMirror(applyId: string, businessType: number): OfflineForm | null {
  let mirror: Mirror | null
  try {
    mirror = JSON.parse(sessionStorage.getItem(MIRROR_KEY) ?? 'null') as Mirror | null
  } catch {
    return null
  }
  if (!mirror || typeof mirror !== 'object' || !mirror.dirty || !mirror.form) return null
  if (mirror.applyId !== applyId || mirror.businessType !== businessType) return null
  return mirror.form
}

export function clearOfflineMirror() {
  try {
    sessionStorage.removeItem(MIRROR_KEY)
  } catch {
    // nothing kept
  }
}
