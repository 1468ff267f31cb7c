import { useNavigate } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock } from 'antd-mobile'
import { activationMessages } from '@seal/shared/api/activation'
import { ActivationLayout } from './activation-layout.tsx'
import { useWaitingSeals } from './api/query-wait-active.ts'
import { WaitingSealCard } from './waiting-seal-card.tsx'

/** Step 1's address for one seal. */
export const identityStepPath = (sealId: string) => `/seal-active/step-1?sealId=${encodeURIComponent(sealId)}`

/**
 * `/seal-activate/list` (001 §2 "Activation"): the seals waiting for the caller's activation, each with 去激活;
 * none: 暂无可激活的印章类型 (001 §8); a failed load: 获取印章信息失败，请重试 with 重试.
 */
export function ActivationListPage() {
  const navigate = useNavigate()
  const waiting = useWaitingSeals()

  return (
    <ActivationLayout>
      {waiting.isPending && (
        <div className="page-loading">
          <DotLoading color="primary" />
          <span>加载中</span>
        </div>
      )}
      {waiting.isError && (
        <ErrorBlock status="disconnected" title={activationMessages.loadFailed} description="">
          <Button color="primary" onClick={() => void waiting.refetch()}>
            重试
          </Button>
        </ErrorBlock>
      )}
      {waiting.data?.length === 0 && (
        <ErrorBlock status="empty" title={activationMessages.noActivatableSeal} description="仅单位法定代表人本人可以激活电子印章">
          <Button color="primary" onClick={() => navigate('/home')}>
            返回首页
          </Button>
        </ErrorBlock>
      )}
      {waiting.data && waiting.data.length > 0 && (
        <>
          <p className="activation-note">以下电子印章待激活，激活后即可用章</p>
          {waiting.data.map((seal) => (
            <WaitingSealCard
              key={seal.id}
              seal={seal}
              action={
                <Button size="small" color="primary" onClick={() => navigate(identityStepPath(seal.id))}>
                  去激活
                </Button>
              }
            />
          ))}
        </>
      )}
    </ActivationLayout>
  )
}
