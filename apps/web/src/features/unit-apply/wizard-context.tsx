import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Toast } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import type { UnitApplicationForm, WizardStepKey } from '@seal/shared/api/unit-apply'
import type { ChangeType } from '@seal/shared/codes/business-type'
import { messages } from '@seal/shared/messages'
import { RequestError } from '../../lib/request/request.ts'
import { saveStep, saveTemporary } from './api/save-application.ts'
import { fieldLocks, type FieldLocks } from './field-locks.ts'
import { writeMirror, type WizardKey } from './wizard-form.ts'

/** What the server decided about the application, which the form does not carry. */
export type WizardFlags = {
  legalPasswordSet: boolean
  sealManagerPasswordSet: boolean
  companyVerifyPass: boolean | null
  faceSerialNo: string | null
  /** A change's type, decided by the server (001 §4): which seals need a new picture at step 2. */
  changeType: ChangeType | null
}

export const noFlags: WizardFlags = { legalPasswordSet: false, sealManagerPasswordSet: false, companyVerifyPass: null, faceSerialNo: null, changeType: null }

type Patch = Partial<UnitApplicationForm> | ((form: UnitApplicationForm) => Partial<UnitApplicationForm>)

export type Wizard = {
  me: LoginInfo
  form: UnitApplicationForm
  /** The latest form, for handlers that run on after an await. */
  current: () => UnitApplicationForm
  update: (patch: Patch) => void
  flags: WizardFlags
  setFlags: (patch: Partial<WizardFlags>) => void
  locks: FieldLocks
  /** Shows another step (the form's `step`); kept in the reload copy. */
  goTo: (step: WizardStepKey) => void
  /**
   * 暂存: stores the form; the id joins the address (replace) so a reload finds it. Answers the id, or
   * null after saying why it failed (nothing typed is lost). `quiet` leaves out 暂存成功.
   */
  saveDraft: (options?: { quiet?: boolean; step?: WizardStepKey }) => Promise<string | null>
  /** POST /seal-apply/apply/save moving to `step` (the server checks the steps before it); throws RequestError. */
  saveAndMove: (step: WizardStepKey) => Promise<string>
}

const WizardContext = createContext<Wizard | null>(null)

export function useWizard(): Wizard {
  const wizard = useContext(WizardContext)
  if (!wizard) throw new Error('useWizard outside the wizard')
  return wizard
}

/** A failed request's words for a toast: the server's message, or 网络异常 when nothing answered. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof RequestError) {
    if (error.kind === 'network') return messages.networkError
    if (error.kind === 'duplicate' || error.kind === 'cancelled') return error.message
    return error.message || fallback
  }
  return fallback
}

/**
 * The one place the wizard's form lives (spec 001 §2 "New wizard"): every section edits it through
 * `update`, each change is copied to sessionStorage at once, and 暂存 / save send it to the server.
 */
export function WizardProvider({
  wizardKey,
  me,
  initialForm,
  initialFlags,
  children,
}: {
  wizardKey: WizardKey
  me: LoginInfo
  initialForm: UnitApplicationForm
  initialFlags: WizardFlags
  children: ReactNode
}) {
  const [form, setForm] = useState(initialForm)
  const [flags, setFlagState] = useState(initialFlags)
  const latest = useRef(initialForm)
  const [, setSearchParams] = useSearchParams()

  const commit = useCallback(
    (next: UnitApplicationForm, dirty: boolean) => {
      latest.current = next
      setForm(next)
      writeMirror(wizardKey, next, dirty)
    },
    [wizardKey],
  )

  const update = useCallback(
    (patch: Patch) => {
      const change = typeof patch === 'function' ? patch(latest.current) : patch
      commit({ ...latest.current, ...change }, true)
    },
    [commit],
  )

  const remember = useCallback(
    (id: string) => {
      if (latest.current.id !== id) commit({ ...latest.current, id }, false)
      else writeMirror(wizardKey, latest.current, false)
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params)
          next.set('id', id)
          return next
        },
        { replace: true },
      )
    },
    [commit, setSearchParams, wizardKey],
  )

  const saveDraft = useCallback(
    async (options: { quiet?: boolean; step?: WizardStepKey } = {}) => {
      if (options.step) commit({ ...latest.current, step: options.step }, true)
      try {
        const answer = await saveTemporary(latest.current)
        remember(answer.id)
        if (!options.quiet) Toast.show({ icon: 'success', content: messages.draftSaved })
        return answer.id
      } catch (error) {
        Toast.show({ content: failureText(error, messages.serverError), duration: 3000 })
        return null
      }
    },
    [commit, remember],
  )

  const saveAndMove = useCallback(
    async (step: WizardStepKey) => {
      const answer = await saveStep({ ...latest.current, step })
      if (answer.changeType !== undefined) setFlagState((previous) => ({ ...previous, changeType: answer.changeType ?? null }))
      commit({ ...latest.current, step }, false)
      remember(answer.id)
      return answer.id
    },
    [commit, remember],
  )

  const value = useMemo<Wizard>(
    () => ({
      me,
      form,
      current: () => latest.current,
      update,
      flags,
      setFlags: (patch) => setFlagState((previous) => ({ ...previous, ...patch })),
      locks: fieldLocks(wizardKey.businessType, wizardKey.applyType),
      goTo: (step) => {
        commit({ ...latest.current, step }, true)
        document.documentElement.scrollTop = 0
      },
      saveDraft,
      saveAndMove,
    }),
    [me, form, update, flags, wizardKey, commit, saveDraft, saveAndMove],
  )

  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>
}
