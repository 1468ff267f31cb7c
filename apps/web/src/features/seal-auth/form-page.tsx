import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, DatePicker, ErrorBlock, Form, Input, NavBar, Radio, Space, Toast } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { authorizationUseType, sealRole, useTypeLabels } from '@seal/shared/codes/authorization'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages, messageTemplates } from '@seal/shared/messages'
import { ID_CARD_LENGTH } from '@seal/shared/rules/id-card'
import { PERSON_NAME_MAX_LENGTH } from '@seal/shared/rules/names'
import { PHONE_MAX_LENGTH } from '@seal/shared/rules/phone'
import { beijingDayEnd, beijingDayStart, beijingDottedDate } from '@seal/shared/text/beijing-time'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { RequestError } from '../../lib/request/request.ts'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { createAuth, hasSign, historyAuthPersons, type AvailableSeal, type SealUserCandidate } from './api.ts'
import { authFormProblem, authItemsFor, encodeSignInfo, flowStore, type AuthForm } from './flow.ts'
import './seal-auth.css'

/** Name suggestions wait this long after typing stops (000 §9). */
const SUGGEST_DEBOUNCE_MS = 800

const emptyForm = (): AuthForm => ({ name: '', personIdentity: '', phone: '', useType: authorizationUseType.PASSWORD, authUseType: null, startTime: beijingDayStart(Date.now()), endTime: null })

/**
 * `/seal-info-form` 填写用章人信息, step 2 of an authorisation (000 §2, §5): the seal user (typed, suggested
 * from the unit's earlier seal users, or picked from the organisation directory), the use method, the
 * authorisation item the scope allows, and the period (from today, ending at the latest with the seal's
 * certificate). Checked in the spec's order; the signer needs a handwriting sample first. Creates the
 * pending authorisation and goes to the letter. What was typed survives a reload and a trip to the directory.
 */
export function AuthFormPage() {
  const navigate = useNavigate()
  const seal = flowStore.read<AvailableSeal>('seal')
  if (!seal) {
    return (
      <div className="seal-auth-page">
        <NavBar onBack={() => navigate(-1)}>填写用章人信息</NavBar>
        <ErrorBlock status="empty" title={messages.noSealInfo} description="">
          <Button color="primary" onClick={() => navigate('/seal-list', { replace: true })}>
            重新选择印章
          </Button>
        </ErrorBlock>
      </div>
    )
  }
  return <AuthFormBody seal={seal} />
}

function AuthFormBody({ seal }: { seal: AvailableSeal }) {
  const navigate = useNavigate()
  const me = useLoginInfo()
  const config = useIdentityConfig()
  const [form, setForm] = useState<AuthForm>(() => ({ ...emptyForm(), ...flowStore.read<AuthForm>('form') }))
  const [problem, setProblem] = useState<string | null>(null)
  const [picking, setPicking] = useState<'startTime' | 'endTime' | null>(null)
  const [busy, setBusy] = useState(false)
  const items = authItemsFor(config.data?.scope ?? 2, seal.role)
  const personalSeal = seal.sealTypeCode === sealTypeCode.PERSONAL_NAME
  const useTypes = personalSeal ? [authorizationUseType.PASSWORD] : [authorizationUseType.SIGNATURE_RECOGNITION, authorizationUseType.PASSWORD, authorizationUseType.SIGNATURE_AND_PASSWORD]

  // The person picked from the directory fills the three fields, once.
  useEffect(() => {
    const picked = flowStore.read<SealUserCandidate>('user')
    if (!picked) return
    flowStore.clear('user')
    setForm((f) => ({ ...f, name: picked.name, personIdentity: picked.idCard, phone: picked.tel }))
  }, [])
  useEffect(() => flowStore.write('form', form), [form])
  // A single item needs no choice.
  useEffect(() => {
    if (items.length === 1 && form.authUseType !== items[0]!.value) setForm((f) => ({ ...f, authUseType: items[0]!.value }))
  }, [items, form.authUseType])

  const typedName = useDebounced(form.name.trim(), SUGGEST_DEBOUNCE_MS)
  const suggestions = useQuery({
    queryKey: ['seal-auth', 'history', seal.socialCreditCode, typedName],
    queryFn: () => historyAuthPersons(typedName, seal.socialCreditCode),
    enabled: typedName.length > 0 && Boolean(seal.socialCreditCode),
  })
  const shownSuggestions = (suggestions.data ?? []).filter((s) => !(s.name === form.name && s.personIdentity === form.personIdentity))

  const set = <K extends keyof AuthForm>(key: K, value: AuthForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  const submit = async () => {
    const found = authFormProblem(form, { now: Date.now(), certEndTime: seal.certEndTime })
    setProblem(found)
    if (found) {
      Toast.show({ content: messages.validationFailed, duration: 3000 })
      return
    }
    setBusy(true)
    try {
      if (!(await hasSign()).hasSign) {
        const who = seal.role === sealRole.MANAGER ? '管理员' : '法人'
        const collect = await confirmDialog({ content: messageTemplates.signatureNotCollected(who), cancelText: messages.notAuthorizeNow, confirmText: messages.collectNow })
        if (collect) navigate('/signature-collection?collection=1')
        return
      }
      const { stashAuthId } = await createAuth({
        sealId: seal.sealId,
        sealCode: seal.sealCode,
        sealTypeCode: seal.sealTypeCode,
        sealName: seal.sealName,
        socialCreditCode: seal.socialCreditCode,
        name: form.name.trim(),
        personIdentity: form.personIdentity.trim().toUpperCase(),
        phone: form.phone.trim(),
        identityType: '111',
        startTime: form.startTime,
        endTime: form.endTime!,
        useType: form.useType,
        authUseType: form.authUseType!,
        authInitiateType: me.data?.kind === 'enterprise' ? 1 : 2,
      })
      navigate(
        `/authorization-sign/${encodeSignInfo({
          stashAuthId,
          sealId: seal.sealId,
          sealCode: seal.sealCode,
          sealTypeCode: seal.sealTypeCode,
          personIdentity: form.personIdentity.trim().toUpperCase(),
          personName: form.name.trim(),
          socialCreditCode: seal.socialCreditCode,
          personType: 1,
        })}`,
      )
    } catch (error) {
      // The request module showed the server's reason; nothing typed is lost.
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }

  const dayOf = (value: number | null) => (value ? new Date(value) : undefined)

  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>填写用章人信息</NavBar>
      <p className="seal-auth-intro">
        第2步：授权“{seal.sealName}”，证书有效期至 {beijingDottedDate(seal.certEndTime)}
      </p>
      <Form layout="horizontal" className="seal-auth-form">
        <Form.Header>用章人信息</Form.Header>
        <Form.Item label="姓名" extra={<a onClick={() => navigate('/select-seal-user')}>从组织架构选择</a>}>
          <Input value={form.name} onChange={(v) => set('name', v)} placeholder="请输入用章人姓名" maxLength={PERSON_NAME_MAX_LENGTH} aria-label="用章人姓名" />
        </Form.Item>
        {shownSuggestions.length > 0 && (
          <ul className="seal-auth-suggestions" aria-label="历史授权人员">
            {shownSuggestions.map((s) => (
              <li key={s.personIdentity}>
                <button type="button" onClick={() => setForm((f) => ({ ...f, name: s.name, personIdentity: s.personIdentity, phone: s.phone }))}>
                  {s.name} {s.phone}
                </button>
              </li>
            ))}
          </ul>
        )}
        <Form.Item label="身份证号">
          <Input value={form.personIdentity} onChange={(v) => set('personIdentity', v)} placeholder="请输入身份证号" maxLength={ID_CARD_LENGTH} aria-label="身份证号" />
        </Form.Item>
        <Form.Item label="手机号">
          <Input value={form.phone} onChange={(v) => set('phone', v)} placeholder="请输入手机号" maxLength={PHONE_MAX_LENGTH} type="tel" aria-label="手机号" />
        </Form.Item>
        <Form.Header>用章方式与授权</Form.Header>
        <Form.Item label="用章方式">
          <Radio.Group value={form.useType} onChange={(v) => set('useType', Number(v))}>
            <Space direction="vertical">
              {useTypes.map((value) => (
                <Radio key={value} value={value}>
                  {useTypeLabels[value as 1 | 2 | 3]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="授权事项">
          <Radio.Group value={form.authUseType ?? undefined} onChange={(v) => set('authUseType', Number(v))}>
            <Space>
              {items.map((item) => (
                <Radio key={item.value} value={item.value}>
                  {item.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="开始时间" clickable onClick={() => setPicking('startTime')} arrowIcon>
          {beijingDottedDate(form.startTime)}
        </Form.Item>
        <Form.Item label="结束时间" clickable onClick={() => setPicking('endTime')} arrowIcon>
          {form.endTime ? beijingDottedDate(form.endTime) : <span className="seal-auth-placeholder">请设置结束时间</span>}
        </Form.Item>
      </Form>
      {problem && (
        <p className="seal-auth-problem" role="alert">
          {problem}
        </p>
      )}
      <DatePicker
        visible={picking !== null}
        title={picking === 'startTime' ? '开始时间' : '结束时间'}
        min={picking === 'endTime' ? new Date(form.startTime) : new Date(beijingDayStart(Date.now()))}
        max={new Date(seal.certEndTime)}
        value={dayOf(picking ? form[picking] : null) ?? new Date()}
        onClose={() => setPicking(null)}
        onConfirm={(date) => {
          const day = date.getTime()
          // A period runs from the start of its first day to the end of its last, never past the certificate.
          if (picking === 'startTime') set('startTime', Math.max(beijingDayStart(day), beijingDayStart(Date.now())))
          if (picking === 'endTime') set('endTime', Math.min(beijingDayEnd(day), seal.certEndTime))
        }}
      />
      <div className="seal-auth-footer">
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          下一步
        </Button>
      </div>
    </div>
  )
}
