/** Test support of the older wizard's screen tests: a stored draft, the toast on screen, a clean screen after each test. */
import { vi } from 'vitest'
import { cleanup, configure, waitFor } from '@testing-library/react'
import { Dialog, Toast } from 'antd-mobile'
import { emptyDraft, emptySeal, writeOlderDraft, type OlderDraft } from './older-draft.ts'

// Dialogs and toasts open and close with animations: wait for them longer than 1 s on a busy machine.
configure({ asyncUtilTimeout: 8000 })

export const CREDIT_CODE = '91110108MA01ABCDEN'
export const LEGAL_ID = '310104198506124562'

/** A draft as step 1 and step 2 leave it; `patch` changes it. */
export function storeDraft(patch: Partial<OlderDraft> = {}): OlderDraft {
  const draft: OlderDraft = {
    ...emptyDraft(),
    unitName: '示例科技有限公司',
    socialCreditCode: CREDIT_CODE,
    unitTypeCode: '02',
    license: 'f-lic',
    addressState: ['北京市', '北京市', '110108'],
    personName: '李四',
    identityNum: LEGAL_ID,
    identityFront: 'f-front',
    identityBack: 'f-back',
    tel: '13800000002',
    seals: [emptySeal('01', '单位公章'), emptySeal('04', '合同专用章')],
    ...patch,
  }
  writeOlderDraft(draft)
  return draft
}

export const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? ''

export async function expectToast(text: string) {
  await waitFor(() => {
    if (toastText() !== text) throw new Error(`toast is "${toastText()}", expected "${text}"`)
  })
}

export function resetScreen() {
  vi.useRealTimers()
  Toast.clear()
  Dialog.clear()
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
  document.body.innerHTML = ''
}
