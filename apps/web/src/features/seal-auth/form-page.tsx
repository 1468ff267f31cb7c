import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, DatePicker, ErrorBlock, Form, NavBar, Toast } from 'antd-mobile'
import { authorizationUseType, sealRole, useTypeLabels } from '@seal/shared/codes/authorization'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages, messageTemplates } from '@seal/shared/messages'
import { beijingDayEnd, beijingDayStart, beijingDottedDate } from '@seal/shared/text/beijing-time'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { RequestError } from '../../lib/request/request.ts'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { createAuth, hasSign, type AvailableSeal, type SealUserCandidate } from './api.ts'
import { ChoiceGroup } from './choice-group.tsx'
import { FieldProblem } from './field-problem.tsx'
import { authFormProblems, authItemsFor, encodeSignInfo, flowStore, type AuthForm, type AuthFormProblems } from './flow.ts'
import { SealUserFields } from './seal-user-fields.tsx'
import './seal-auth.css'

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
  const [problems, setProblems] = useState<AuthFormProblems>({})
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

  // A field changed is a field corrected, until the next 下一步 says otherwise.
  const update = (changed: Partial<AuthForm>) => {
    setForm((f) => ({ ...f, ...changed }))
    setProblems((p) => Object.fromEntries(Object.entries(p).filter(([field]) => !(field in changed))))
  }
  const set = <K extends keyof AuthForm>(key: K, value: AuthForm[K]) => update({ [key]: value } as Partial<AuthForm>)

  const submit = async () => {
    const found = authFormProblems(form, { now: Date.now(), certEndTime: seal.certEndTime })
    setProblems(found)
    if (Object.keys(found).length > 0) {
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
        <SealUserFields seal={seal} form={form} problems={problems} onChange={update} />
        <Form.Header>用章方式与授权</Form.Header>
        <Form.Item label="用章方式">
          <ChoiceGroup label="用章方式" vertical choices={useTypes.map((value) => ({ value, label: useTypeLabels[value as 1 | 2 | 3] }))} value={form.useType} onChange={(v) => set('useType', v)} />
        </Form.Item>
        <Form.Item label="授权事项" description={<FieldProblem id="problem-item" problem={problems.authUseType} />}>
          <ChoiceGroup label="授权事项" choices={items} value={form.authUseType} onChange={(v) => set('authUseType', v)} />
        </Form.Item>
        <Form.Item label="开始时间" clickable onClick={() => setPicking('startTime')} arrowIcon description={<FieldProblem id="problem-start" problem={problems.startTime} />}>
          {beijingDottedDate(form.startTime)}
        </Form.Item>
        <Form.Item label="结束时间" clickable onClick={() => setPicking('endTime')} arrowIcon description={<FieldProblem id="problem-end" problem={problems.endTime} />}>
          {form.endTime ? beijingDottedDate(form.endTime) : <span className="seal-auth-placeholder">请设置结束时间</span>}
        </Form.Item>
      </Form>
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
