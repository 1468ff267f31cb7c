import { useState } from 'react'
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock, NavBar } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { bindingMessages, type BindableSeal } from '@seal/shared/api/binding'
import { bindSelection } from '@seal/shared/codes/binding'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { apiLink, RequestError } from '../../lib/request/request.ts'
import { bindSeal } from './api/bind-seal.ts'
import { bindingKey } from './api/keys.ts'
import { useBindingToken } from './api/platform-token.ts'
import { useBindableSeals } from './api/query-can-bind.ts'
import { useSealToBind } from './api/seal-detail.ts'
import { AgreementCheck, useAgreement } from './agreement.tsx'
import { confirmMethodLabel } from './binding-flow.ts'
import { ConfirmUseSheet, type UseProof } from './confirm-use-sheet.tsx'
import './binding.css'

/**
 * `/seal-bind/:id?/:status?/:recordId?` 印章绑定 (002 §2): one seal, from its detail menu (印章绑定) or from
 * a record (重新绑定, with `recordId` and the record's platform as `?platformId`). First the explanation and
 * the agreement; then the platform is chosen (/binding/platform?sealId comes back with `?platformId`);
 * then the seal is confirmed and bound — or rebound — and /seal-bind-complete says so. `status` (the
 * record's state when rebinding) is informational: the server decides.
 */
export function SealBindPage() {
  const { id, recordId } = useParams()
  const [params] = useSearchParams()
  const platformId = params.get('platformId') ?? ''
  const [stage, setStage] = useState<'intro' | 'confirm'>(platformId && params.get('agreed') === '1' ? 'confirm' : 'intro')
  if (!id) return <Navigate to="/binding" replace />
  return stage === 'intro' ? (
    <Intro sealId={id} platformId={platformId} rebinding={Boolean(recordId)} onNext={() => setStage('confirm')} />
  ) : (
    <Confirm sealId={id} platformId={platformId} recordId={recordId} onBack={() => setStage('intro')} />
  )
}

function Intro({ sealId, platformId, rebinding, onNext }: { sealId: string; platformId: string; rebinding: boolean; onNext: () => void }) {
  const navigate = useNavigate()
  const seal = useSealToBind(sealId)
  const { agreed, setAgreed, ensureAgreed } = useAgreement()
  const next = async () => {
    if (!(await ensureAgreed())) return
    if (platformId && rebinding) onNext()
    else navigate(`/binding/platform?${new URLSearchParams({ sealId })}`)
  }
  return (
    <div className="binding-page">
      <NavBar onBack={() => navigate(-1)}>{rebinding ? '重新绑定' : '印章绑定'}</NavBar>
      {seal.data && (
        <section className="binding-card binding-seal-summary">
          {seal.data.sealPic && <img src={apiLink(seal.data.sealPic)} alt={`${seal.data.sealName}印章图片`} draggable={false} onContextMenu={(event) => event.preventDefault()} />}
          <div>
            <h1>{seal.data.sealName}</h1>
            <p>{seal.data.businessName}</p>
          </div>
        </section>
      )}
      <section className="binding-card">
        <h2>平台绑定说明</h2>
        <ol className="binding-steps">
          <li>绑定后，所选业务平台可在您办理业务时使用该印章签署文件，每次使用均留有用章记录。</li>
          <li>绑定需按印章的用章方式完成用章确认（印章密码或手写签名）；密码连续错误5次将锁定30分钟。</li>
          <li>您可随时在“平台绑定记录”中取消绑定，取消后平台立即不能再使用该印章。</li>
        </ol>
      </section>
      <div className="binding-footer">
        <AgreementCheck agreed={agreed} onChange={setAgreed} />
        <Button block color="primary" size="large" onClick={() => void next()}>
          {platformId && rebinding ? '下一步' : '选择绑定平台'}
        </Button>
      </div>
    </div>
  )
}

function Confirm({ sealId, platformId, recordId, onBack }: { sealId: string; platformId: string; recordId: string | undefined; onBack: () => void }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const token = useBindingToken(platformId)
  const seals = useBindableSeals(token.data ? platformId : '')
  const [open, setOpen] = useState(false)
  const seal: BindableSeal | undefined = seals.data?.flatMap((group) => group.list).find((item) => item.id === sealId)
  const loading = token.isPending || (token.data && seals.isPending)

  const confirmed = async (proof: UseProof) => {
    if (!seal || !token.data) return
    const bound = await bindSeal({ id: platformId, sealId, sealCode: seal.sealCode, sealTypeCode: seal.sealTypeCode, recordId, accessToken: token.data.accessToken, ...proof }).catch((error: unknown) => {
      if (error instanceof RequestError && error.message === bindingMessages.tokenInvalid) void token.refetch()
      throw error
    })
    setOpen(false)
    await queryClient.invalidateQueries({ queryKey: bindingKey })
    const type = seal.sealTypeCode === sealTypeCode.PERSONAL_NAME ? 'personal' : 'company'
    navigate(`/seal-bind-complete?${new URLSearchParams({ sealId, type, platform: bound.clientName })}`, { replace: true })
  }

  let body
  if (loading) {
    body = (
      <div className="page-loading">
        <DotLoading color="primary" />
        <span>加载中</span>
      </div>
    )
  } else if (token.isError) {
    body = <ErrorBlock status="empty" title={token.error.message || bindingMessages.platformNotFound} description="" />
  } else if (!seal) {
    body = <ErrorBlock status="empty" title="该印章当前不可绑定" description="仅印章持有人或印章管理员可绑定在用的印章" />
  } else if (seal.selection === bindSelection.UNAVAILABLE) {
    body = (
      <ErrorBlock status="empty" title={bindingMessages.alreadyBound} description="">
        <Button color="primary" onClick={() => navigate(`/platform-binding-record?${new URLSearchParams({ sealId })}`, { replace: true })}>
          查看平台绑定记录
        </Button>
      </ErrorBlock>
    )
  } else {
    body = (
      <>
        <section className="binding-card binding-seal-summary">
          {seal.sealPic && <img src={apiLink(seal.sealPic)} alt={`${seal.sealName}印章图片`} draggable={false} onContextMenu={(event) => event.preventDefault()} />}
          <div>
            <h1>{seal.sealName}</h1>
            <p>{seal.businessName}</p>
          </div>
        </section>
        <dl className="binding-card binding-facts">
          <dt>绑定平台</dt>
          <dd>{token.data?.clientName}</dd>
          <dt>确认方式</dt>
          <dd>{confirmMethodLabel(seal.useType)}</dd>
        </dl>
        <div className="binding-footer">
          <Button block color="primary" size="large" onClick={() => setOpen(true)}>
            {recordId ? '确认重新绑定' : '确认绑定'}
          </Button>
        </div>
        <ConfirmUseSheet
          open={open}
          useType={seal.useType}
          subject={`绑定至${token.data?.clientName ?? ''}：${seal.sealName}`}
          passwordLabel={seal.role === 1 ? '印章密码' : '用章密码'}
          onClose={() => setOpen(false)}
          onSubmit={confirmed}
        />
      </>
    )
  }
  return (
    <div className="binding-page">
      <NavBar onBack={onBack}>{recordId ? '重新绑定' : '确认绑定'}</NavBar>
      {body}
    </div>
  )
}
