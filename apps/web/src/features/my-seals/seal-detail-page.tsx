import { useNavigate, useParams } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock, List, NavBar } from 'antd-mobile'
import { sealStatusLabels, failedSealStatuses, type SealStatus } from '@seal/shared/codes/seal-status'
import { sealTypeLabels, type SealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useSealDetail } from './api.ts'
import { formatDate, sealActions } from './seal-list-logic.ts'
import { SealPicture } from './seal-picture.tsx'
import './my-seals.css'

/**
 * `/seal-preview/:type/:sealId` 印章详情 (spec 000 §2): the seal's picture (not saveable, greyed when it
 * no longer works), its facts, and the actions its kind, the caller's role and its status allow.
 */
export function SealDetailPage() {
  const navigate = useNavigate()
  const { sealId } = useParams()
  const detail = useSealDetail(sealId)
  const { data: config } = useIdentityConfig()
  const seal = detail.data

  return (
    <div className="my-seals-page">
      <NavBar onBack={() => navigate(-1)}>印章详情</NavBar>
      {detail.isPending && (
        <div className="page-loading">
          <DotLoading color="primary" />
          <span>加载中</span>
        </div>
      )}
      {detail.isError && (
        <ErrorBlock status="empty" title={messages.noAvailableSeal} description="">
          <Button color="primary" onClick={() => void detail.refetch()}>
            重试
          </Button>
        </ErrorBlock>
      )}
      {seal && (
        <>
          <section className="seal-detail-picture">
            <SealPicture seal={seal} large />
            <h1>{seal.sealName}</h1>
            <p>{seal.businessName}</p>
          </section>
          <List header="印章信息">
            <List.Item extra={sealTypeLabels[seal.sealTypeCode as SealTypeCode] ?? seal.sealTypeCode}>印章类型</List.Item>
            <List.Item extra={seal.sealCode}>印章编码</List.Item>
            <List.Item extra={`${seal.personName}（${seal.personIdentity}）`}>持有人</List.Item>
            <List.Item extra={`${formatDate(seal.certStartTime)} 至 ${formatDate(seal.certEndTime)}`}>有效期</List.Item>
            <List.Item extra={sealStatusLabels[seal.status as SealStatus] ?? '不可用'}>状态</List.Item>
            {(failedSealStatuses as readonly string[]).includes(seal.status) && seal.failureReason && (
              <List.Item extra={seal.failureReason}>失效原因</List.Item>
            )}
            {seal.revokePerson && <List.Item extra={seal.revokePerson}>注销人</List.Item>}
          </List>
          {config && (
            <List header="印章操作">
              {sealActions(seal, config).map((action) => (
                <List.Item key={action.key} onClick={() => navigate(action.to)}>
                  {action.label}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </div>
  )
}
