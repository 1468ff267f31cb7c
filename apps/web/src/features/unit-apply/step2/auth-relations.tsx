import { useEffect, useState } from 'react'
import { DatePicker, Switch } from 'antd-mobile'
import type { ApplyAuthPerson } from '@seal/shared/api/unit-apply'
import { authUseTypeLabels } from '@seal/shared/codes/authorization'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { beijingDayEnd, beijingDayStart, beijingDottedDate } from '@seal/shared/text/beijing-time'
import { useSealAuths } from '../api/seal-auths.ts'
import { useWizard } from '../wizard-context.tsx'

/**
 * 授权关系 of a change or renewal (001 §2 step 2 "authorisation list for change and renewal"): the people
 * authorised on the seals it names, kept by default (reservedAuth) with their periods, which start today at
 * the earliest (001 §5) and may be given a new end; switched off, the approval ends them all.
 */
export function AuthRelations() {
  const { form, update } = useWizard()
  const sealIds = form.sealInfo.map((seal) => seal.sealId).filter(Boolean)
  const auths = useSealAuths(sealIds, true)
  const [picking, setPicking] = useState<{ authId: string; edge: 'authStartTime' | 'authEndTime' } | null>(null)
  const today = beijingDayStart(Date.now())

  // The list the server knows fills the form once; a kept period cannot start before today.
  useEffect(() => {
    if (!auths.data || form.authPersons.length > 0 || auths.data.length === 0) return
    update({ authPersons: auths.data.map((person) => ({ ...person, authStartTime: Math.max(person.authStartTime ?? today, today) })) })
  }, [auths.data, form.authPersons.length, today, update])

  if (form.authPersons.length === 0) return null
  const patch = (authId: string, change: Partial<ApplyAuthPerson>) =>
    update((current) => ({ authPersons: current.authPersons.map((person) => (person.authId === authId ? { ...person, ...change } : person)) }))
  const editing = picking && form.authPersons.find((person) => person.authId === picking.authId)

  return (
    <section className="unit-section" aria-label="授权关系">
      <h2>授权关系</h2>
      <div className="unit-auth-keep">
        <span>保留原授权关系</span>
        <Switch checked={form.reservedAuth !== false} onChange={(reservedAuth) => update({ reservedAuth })} aria-label="保留原授权关系" />
      </div>
      {form.reservedAuth === false ? (
        <p className="unit-section-note">审核通过后，以下人员的授权将全部解除。</p>
      ) : (
        <p className="unit-section-note">审核通过后，以下人员按所列期限继续使用印章（不超过新证书有效期）。</p>
      )}
      {form.authPersons.map((person) => (
        <div key={person.authId || `${person.sealId}-${person.name}`} className="unit-seal-card" aria-label={`授权人员${person.name}`}>
          <div className="unit-seal-card-head">
            <strong>{person.name}</strong>
            <span>
              {sealTypeLabel(person.sealType)} · {authUseTypeLabels[Number(person.authUseType) as 1 | 2] ?? '授权使用'}
            </span>
          </div>
          <p className="unit-section-note">
            授权期限：
            <a onClick={() => setPicking({ authId: person.authId, edge: 'authStartTime' })}>{person.authStartTime ? beijingDottedDate(person.authStartTime) : '开始时间'}</a>
            {' 至 '}
            <a onClick={() => setPicking({ authId: person.authId, edge: 'authEndTime' })}>{person.authEndTime ? beijingDottedDate(person.authEndTime) : '结束时间'}</a>
          </p>
        </div>
      ))}
      <DatePicker
        visible={Boolean(editing)}
        title={picking?.edge === 'authStartTime' ? '开始时间' : '结束时间'}
        value={editing && editing[picking!.edge] ? new Date(editing[picking!.edge]!) : new Date()}
        min={new Date(today)}
        onClose={() => setPicking(null)}
        onConfirm={(date) => {
          if (!picking) return
          patch(picking.authId, { [picking.edge]: picking.edge === 'authStartTime' ? beijingDayStart(date.getTime()) : beijingDayEnd(date.getTime()) })
        }}
      />
    </section>
  )
}
