import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Input, NavBar, Popup, Radio, Space, Toast } from 'antd-mobile'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { authUseTypeNeeds, type AuthorisedPerson } from '@seal/shared/api/seal-auth'
import type { SealGroup } from '@seal/shared/api/seals'
import { sealRole, useTypeLabels } from '@seal/shared/codes/authorization'
import { messages } from '@seal/shared/messages'
import { SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { Loaded } from '../../components/loaded.tsx'
import { saveSample } from '../../components/signature-board/save-sample.ts'
import { SignatureBoard, type SignatureResult } from '../../components/signature-board/signature-board.tsx'
import { post, RequestError } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { useUnitSealGroups } from '../my-seals/api.ts'
import './seal-auth.css'

/** The use-type list refreshes this long after a change (000 §9). */
const REFRESH_AFTER_MS = 1000
const methods = [1, 2, 3] as const

/** The units whose seals the caller holds (role 1), with the use method their seals in effect have now. */
export function heldUnits(groups: SealGroup[]) {
  return groups
    .map((group) => ({ group, seals: group.list.filter((seal) => seal.role === sealRole.LEGAL_PERSON && seal.status === '1' && seal.sealTypeCode !== '1000') }))
    .filter(({ group, seals }) => group.socialCreditCode && seals.length > 0)
    .map(({ group, seals }) => ({ socialCreditCode: group.socialCreditCode!, businessName: group.businessName, useType: Number(seals[0]!.useType), count: seals.length }))
}

/**
 * `/batch-modify-call-type` 批量修改用章方式 (000 §2, §4 "Use-method switch"): the holder chooses, per unit, how
 * its seals are used — signature, password or both. A method with signature asks for a signature written now;
 * one with password asks for the seal password. Saved together (POST /sealAuth/batchEditUseType).
 */
export function UseMethodPage() {
  const [params] = useSearchParams()
  const authId = params.get('authId')
  const sealId = params.get('sealId')
  return authId && sealId ? <GrantUseMethod authId={authId} sealId={sealId} /> : <HolderUseMethod />
}

function HolderUseMethod() {
  const navigate = useNavigate()
  const groups = useUnitSealGroups('', true)
  const queryClient = useQueryClient()
  const { data: me } = useLoginInfo()
  const [chosen, setChosen] = useState<Record<string, number>>({})
  const [step, setStep] = useState<'choose' | 'sign' | 'password'>('choose')
  const [handWrittenId, setHandWrittenId] = useState<string | null>(null)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const units = groups.data ? heldUnits(groups.data) : undefined
  const changes = (units ?? []).filter((unit) => chosen[unit.socialCreditCode] !== undefined && chosen[unit.socialCreditCode] !== unit.useType)
  const wants = { signature: changes.some((c) => authUseTypeNeeds.signature(chosen[c.socialCreditCode]!)), password: changes.some((c) => authUseTypeNeeds.password(chosen[c.socialCreditCode]!)) }

  const save = async (proof: { handWrittenId?: string | null; password?: string }) => {
    setBusy(true)
    try {
      await post('/sealAuth/batchEditUseType', { batchUseType: changes.map((c) => ({ socialCreditCode: c.socialCreditCode, useType: chosen[c.socialCreditCode] })), ...proof })
      Toast.show({ icon: 'success', content: messages.modified })
      setStep('choose')
      setPassword('')
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['seals'] }).then(() => setChosen({})), REFRESH_AFTER_MS)
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }
  const next = (signed: string | null = handWrittenId) => {
    if (wants.signature && !signed) return setStep('sign')
    if (wants.password) return setStep('password')
    void save({ handWrittenId: signed })
  }
  const signed = async (written: SignatureResult) => {
    if (!me) return
    const sample = await saveSample(me, written)
    if (!sample) return
    setHandWrittenId(sample.signatureId)
    setStep('choose')
    next(sample.signatureId)
  }

  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>批量修改用章方式</NavBar>
      <p className="seal-auth-intro">选择各单位印章的用章方式：签名用章需现场手写签名，密码用章需输入印章密码。</p>
      <Loaded query={{ ...groups, data: units }} isEmpty={(list) => list.length === 0} emptyTitle={messages.noAvailableSeal}>
        {(list) => (
          <>
            {list.map((unit) => (
              <section key={unit.socialCreditCode} className="seal-auth-card" aria-label={unit.businessName}>
                <h2>{unit.businessName}</h2>
                <p>
                  {unit.count}枚印章，当前：{useTypeLabels[unit.useType as 1 | 2 | 3] ?? '密码用章'}
                </p>
                <Radio.Group value={chosen[unit.socialCreditCode] ?? unit.useType} onChange={(value) => setChosen((c) => ({ ...c, [unit.socialCreditCode]: Number(value) }))}>
                  <Space direction="vertical">
                    {methods.map((method) => (
                      <Radio key={method} value={method}>
                        {useTypeLabels[method]}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              </section>
            ))}
          </>
        )}
      </Loaded>
      <div className="seal-auth-footer">
        <Button block color="primary" size="large" disabled={changes.length === 0} loading={busy} onClick={() => next()}>
          保存
        </Button>
      </div>
      <Popup visible={step === 'sign'} onMaskClick={() => setStep('choose')} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        <div className="seal-auth-board">
          <p className="seal-auth-counter">请手写签名以启用签名用章</p>
          <SignatureBoard placeholder={`请${me?.personName ?? ''}本人签名`} onConfirm={signed} height="min(44vh, 300px)" />
        </div>
      </Popup>
      <Popup visible={step === 'password'} onMaskClick={() => setStep('choose')} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        <section className="seal-auth-card" aria-label="印章密码">
          <h2>请输入印章密码</h2>
          <Input type="password" value={password} onChange={setPassword} placeholder="请输入印章密码" maxLength={SEAL_PASSWORD_MAX_LENGTH} aria-label="印章密码" autoComplete="off" />
          <Button
            block
            color="primary"
            loading={busy}
            style={{ marginTop: 12 }}
            onClick={() => {
              if (password.trim()) void save({ handWrittenId, password })
              else Toast.show({ content: messages.passwordRequired })
            }}
          >
            确定
          </Button>
        </section>
      </Popup>
    </div>
  )
}

/**
 * `/batch-modify-call-type?sealId=&authId=` (编辑 on the authorised persons): how one seal user uses the seal
 * (POST /sealAuth/editUseType); the server allows only a method they are set up for.
 */
function GrantUseMethod({ authId, sealId }: { authId: string; sealId: string }) {
  const navigate = useNavigate()
  const persons = useQuery({ queryKey: ['seal-auth', 'persons', sealId], queryFn: () => post<{ list: AuthorisedPerson[] }>('/sealAuth/queryListBySeal', { sealId }) })
  const person = persons.data?.list.find((row) => row.id === authId)
  const [useType, setUseType] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const save = async () => {
    if (!person || useType === null) return
    setBusy(true)
    try {
      await post('/sealAuth/editUseType', { authId, useType })
      Toast.show({ icon: 'success', content: messages.modified })
      setTimeout(() => navigate(-1), REFRESH_AFTER_MS)
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>修改用章方式</NavBar>
      <Loaded query={{ ...persons, data: persons.data && (person ?? null) }} isEmpty={(row) => row === null} emptyTitle="该授权已失效">
        {(row) =>
          row && (
            <section className="seal-auth-card" aria-label={row.name}>
              <h2>用章人：{row.name}</h2>
              <p>当前：{useTypeLabels[row.useType as 1 | 2 | 3] ?? '密码用章'}</p>
              <Radio.Group value={useType ?? row.useType} onChange={(value) => setUseType(Number(value))}>
                <Space direction="vertical">
                  {methods.map((method) => (
                    <Radio key={method} value={method}>
                      {useTypeLabels[method]}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            </section>
          )
        }
      </Loaded>
      <div className="seal-auth-footer">
        <Button block color="primary" size="large" disabled={useType === null || useType === person?.useType} loading={busy} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </div>
  )
}
