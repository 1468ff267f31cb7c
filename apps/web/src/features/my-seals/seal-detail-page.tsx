import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { Button, DotLoading, ErrorBlock, List, NavBar } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { sealStatusLabels, failedSealStatuses, type SealStatus } from '@seal/shared/codes/seal-status'
import { sealTypeCode, sealTypeLabels, type SealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { RequestError } from '../../lib/request/request.ts'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { showToast } from '../../lib/toast/show-toast.ts'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { withdrawApplication } from '../apply-records/api/withdraw-application.ts'
import { giveUpAuthorization, sealAuthListsKey } from '../seal-auth-lists/api.ts'
import { useSealDetail } from './api.ts'
import { formatDate, sealActions, type SealAction } from './seal-list-logic.ts'
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
  const giveUp = useGiveUpAuthorization()
  const withdraw = useWithdrawSealApplication()
  const choose = (action: SealAction, item: SealItem) => {
    if (action.to !== undefined) navigate(action.to)
    else if (action.key === 'cancelApplication') void withdraw.run(item)
    else void giveUp.run(item)
  }

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
                <List.Item key={action.key} onClick={() => choose(action, seal)} disabled={action.to === undefined && (giveUp.busy || withdraw.busy)}>
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

/**
 * 取消授权: the caller (a manager or authorised user) gives up their own authorisation of the seal after a
 * confirmation — POST /sealAuth/cancelAuthByParams {sealId}; 解除授权成功, then back to the seal list,
 * where the seal is no longer theirs.
 */
function useGiveUpAuthorization() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const [busy, setBusy] = useState(false)
  const run = async (seal: SealItem) => {
    const confirmed = await confirmDialog({ title: '取消授权', content: `确定取消您对“${seal.sealName}”的授权吗？取消后将无法使用该印章。` })
    if (!confirmed) return
    setBusy(true)
    try {
      await giveUpAuthorization(seal.id)
      showToast({ content: messages.authorizationRemoved, icon: 'success' })
      // The lists, not this seal's detail: asked again now it would answer 数据不存在 over the success toast.
      await Promise.all([
        client.invalidateQueries({ queryKey: ['seals', 'groups'] }),
        client.invalidateQueries({ queryKey: ['seals', 'personal'] }),
        client.invalidateQueries({ queryKey: sealAuthListsKey }),
      ])
      navigate(`/seal-preview-list/${seal.sealTypeCode === sealTypeCode.PERSONAL_NAME ? 'personal' : 'company'}`, { replace: true })
    } catch (error) {
      // The request module showed why.
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }
  return { run, busy }
}

/**
 * 取消印章申请: the caller withdraws their own application under way that names the seal (a change, renewal
 * or cancellation 待签署 or 待审核), after a confirmation — the record list's 撤销申请, here beside the seal.
 * 撤销成功, then the detail is asked again (印章续期 and the others come back).
 */
function useWithdrawSealApplication() {
  const client = useQueryClient()
  const [busy, setBusy] = useState(false)
  const run = async (seal: SealItem) => {
    const application = seal.application
    if (!application) return
    const confirmed = await confirmDialog({ title: '取消印章申请', content: `确定撤销“${seal.sealName}”正在进行的申请吗？撤销后可重新申请。` })
    if (!confirmed) return
    setBusy(true)
    try {
      await withdrawApplication(application.id)
      showToast({ content: messages.applicationRevoked, icon: 'success' })
      await client.invalidateQueries({ queryKey: ['seals'] })
    } catch (error) {
      // The request module showed why.
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(false)
    }
  }
  return { run, busy }
}
