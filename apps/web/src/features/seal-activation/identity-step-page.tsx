import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock, Toast } from 'antd-mobile'
import { activationMessages, type WaitActiveSeal } from '@seal/shared/api/activation'
import { messages } from '@seal/shared/messages'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { ActivationLayout } from './activation-layout.tsx'
import { useActiveSealPre } from './api/active-seal-pre.ts'
import { useWaitingSeals } from './api/query-wait-active.ts'
import { IdCardPhoto } from './id-card-photo.tsx'
import { WaitingSealCard } from './waiting-seal-card.tsx'

/** What step 2 needs, handed over in the router state (never in the address: the ranId is a proof). */
export type PasswordStepState = { ranId: string; expiresAt: number; seal: WaitActiveSeal }

/**
 * `/seal-active/step-1` and `/seal-pending-active-no-make/step-1` 电子印章激活 (001 §2, 002 §2): the seal
 * (`?sealId=`, or the only one waiting), the legal representative's ID card, both sides read and checked
 * as the server will check them; 下一步 sends them (POST /seal/activeSealPre) and takes the ranId to step 2.
 */
export function ActivationIdentityPage() {
  const navigate = useNavigate()
  const sealId = useSearchParams()[0].get('sealId')
  const waiting = useWaitingSeals()
  const me = useLoginInfo()

  if (waiting.isPending || me.isPending) {
    return (
      <ActivationLayout step={0}>
        <div className="page-loading">
          <DotLoading color="primary" />
          <span>加载中</span>
        </div>
      </ActivationLayout>
    )
  }
  if (waiting.isError || me.isError || !me.data) {
    return (
      <ActivationLayout step={0}>
        <ErrorBlock status="disconnected" title={activationMessages.loadFailed} description="">
          <Button color="primary" onClick={() => void Promise.all([waiting.refetch(), me.refetch()])}>
            重试
          </Button>
        </ErrorBlock>
      </ActivationLayout>
    )
  }
  const seals = waiting.data
  const seal = sealId ? seals.find((s) => s.id === sealId) : seals.length === 1 ? seals[0] : undefined
  if (!seal) {
    return (
      <ActivationLayout step={0}>
        <ErrorBlock status="empty" title={seals.length === 0 ? activationMessages.noActivatableSeal : '请选择要激活的电子印章'} description="该印章已激活，或您不是其所属单位的法定代表人">
          <Button color="primary" onClick={() => navigate('/seal-activate/list', { replace: true })}>
            查看待激活印章
          </Button>
        </ErrorBlock>
      </ActivationLayout>
    )
  }
  return (
    <ActivationLayout step={0}>
      <IdentityForm seal={seal} legal={{ name: me.data.personName, idNo: me.data.personCard }} />
    </ActivationLayout>
  )
}

function IdentityForm({ seal, legal }: { seal: WaitActiveSeal; legal: { name: string; idNo: string } }) {
  const navigate = useNavigate()
  const [files, setFiles] = useState<{ front: string | null; back: string | null }>({ front: null, back: null })
  const pre = useActiveSealPre()
  const expected = { who: '法人' as const, ...legal }

  const next = async () => {
    if (!files.front || !files.back) {
      Toast.show({ content: !files.front ? messages.legalIdFrontRequired : messages.legalIdBackRequired })
      return
    }
    try {
      const { ranId, expiresAt } = await pre.mutateAsync({ id: seal.id, sealCode: seal.sealCode, sealTypeCode: seal.sealTypeCode, personFront: files.front, personBack: files.back })
      const state: PasswordStepState = { ranId, expiresAt, seal }
      navigate('/seal-active/step-2', { state })
    } catch {
      // The request module showed the server's reason; the pictures stay for another try.
    }
  }

  return (
    <>
      <WaitingSealCard seal={seal} />
      <section className="activation-section" aria-label="法定代表人身份证">
        <h2>上传法定代表人身份证</h2>
        <p className="activation-hint">请上传单位法定代表人 {legal.name} 本人的身份证原件照片，证件须在有效期内</p>
        <div className="activation-photos">
          <IdCardPhoto side="front" expected={expected} onFile={(front) => setFiles((f) => ({ ...f, front }))} />
          <IdCardPhoto side="back" expected={expected} onFile={(back) => setFiles((f) => ({ ...f, back }))} />
        </div>
      </section>
      <div className="activation-actions">
        <Button block color="primary" size="large" loading={pre.isPending} disabled={!files.front || !files.back} onClick={() => void next()}>
          下一步
        </Button>
      </div>
    </>
  )
}
