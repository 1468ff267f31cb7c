import { useNavigate } from 'react-router-dom'
import { Form, Input } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { ID_CARD_LENGTH } from '@seal/shared/rules/id-card'
import { PERSON_NAME_MAX_LENGTH } from '@seal/shared/rules/names'
import { PHONE_MAX_LENGTH } from '@seal/shared/rules/phone'
import { useDebounced } from '../../lib/use-debounced.ts'
import { historyAuthPersons, type AvailableSeal } from './api.ts'
import { FieldProblem, useProblemRef } from './field-problem.tsx'
import type { AuthForm, AuthFormProblems } from './flow.ts'

/** Name suggestions wait this long after typing stops (000 §9). */
const SUGGEST_DEBOUNCE_MS = 800

type Person = Pick<AuthForm, 'name' | 'personIdentity' | 'phone'>

/**
 * The seal user's name, ID number and phone on the authorisation form: typed, suggested from the unit's
 * earlier seal users, or picked from the organisation directory (a link on a line of its own, so the name
 * box keeps its whole width and placeholder). Each field says its own problem.
 */
export function SealUserFields({ seal, form, problems, onChange }: { seal: AvailableSeal; form: Person; problems: AuthFormProblems; onChange: (person: Partial<Person>) => void }) {
  const navigate = useNavigate()
  const nameRef = useProblemRef('problem-name', problems.name)
  const idRef = useProblemRef('problem-id', problems.personIdentity)
  const phoneRef = useProblemRef('problem-phone', problems.phone)
  const typedName = useDebounced(form.name.trim(), SUGGEST_DEBOUNCE_MS)
  const suggestions = useQuery({
    queryKey: ['seal-auth', 'history', seal.socialCreditCode, typedName],
    queryFn: () => historyAuthPersons(typedName, seal.socialCreditCode),
    enabled: typedName.length > 0 && Boolean(seal.socialCreditCode),
  })
  const shown = (suggestions.data ?? []).filter((s) => !(s.name === form.name && s.personIdentity === form.personIdentity))

  return (
    <>
      <Form.Item label="姓名" description={<FieldProblem id="problem-name" problem={problems.name} />}>
        <Input ref={nameRef} value={form.name} onChange={(name) => onChange({ name })} placeholder="请输入用章人姓名" maxLength={PERSON_NAME_MAX_LENGTH} aria-label="用章人姓名" />
      </Form.Item>
      <div className="seal-auth-pick">
        <button type="button" onClick={() => navigate('/select-seal-user')}>
          从组织架构选择
        </button>
      </div>
      {shown.length > 0 && (
        <ul className="seal-auth-suggestions" aria-label="历史授权人员">
          {shown.map((s) => (
            <li key={s.personIdentity}>
              <button type="button" onClick={() => onChange({ name: s.name, personIdentity: s.personIdentity, phone: s.phone })}>
                {s.name} {s.phone}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Form.Item label="身份证号" description={<FieldProblem id="problem-id" problem={problems.personIdentity} />}>
        <Input ref={idRef} value={form.personIdentity} onChange={(personIdentity) => onChange({ personIdentity })} placeholder="请输入身份证号" maxLength={ID_CARD_LENGTH} aria-label="身份证号" />
      </Form.Item>
      <Form.Item label="手机号" description={<FieldProblem id="problem-phone" problem={problems.phone} />}>
        <Input ref={phoneRef} value={form.phone} onChange={(phone) => onChange({ phone })} placeholder="请输入手机号" maxLength={PHONE_MAX_LENGTH} type="tel" aria-label="手机号" />
      </Form.Item>
    </>
  )
}
