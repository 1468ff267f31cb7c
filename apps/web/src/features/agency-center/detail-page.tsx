import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Dialog, ErrorBlock, NavBar } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import type { BacklogDetailAnswer } from '@seal/shared/api/backlog'
import { backlogStatusLabel } from '@seal/shared/codes/backlog'
import { messages } from '@seal/shared/messages'
import { beijingMinute } from '@seal/shared/text/beijing-time'
import { Loaded } from '../../components/loaded.tsx'
import { backlogKey, refuseApplication, useBacklogDetail } from './api/backlog.ts'
import { agencyLinks } from './links.ts'
import './agency-center.css'

/**
 * `/agency-center/detail?id=` 待办详情 (spec 002 §2, §3 "Detail", §4): the unit, the seal administrator,
 * the operator and the seals with their pictures. While it waits for the legal representative: 查看文件,
 * 签署授权 (the signing page, back here to the result) and 取消申请 (002 §3 "Backlog status": the legal
 * representative refuses, after a confirmation).
 */
export function AgencyDetailPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const detail = useBacklogDetail(id)
  return (
    <div className="agency-detail-page">
      <NavBar onBack={() => navigate(agencyLinks.list)}>待办详情</NavBar>
      {id ? (
        <Loaded query={detail} isEmpty={() => false} emptyTitle="">
          {(data) => <DetailBody id={id} detail={data} />}
        </Loaded>
      ) : (
        <ErrorBlock status="empty" title={messages.missingApplyId} description="" />
      )}
    </div>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  )
}

function DetailBody({ id, detail }: { id: string; detail: BacklogDetailAnswer }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [refusing, setRefusing] = useState(false)
  const item = detail.backLogDetail

  const refuse = async () => {
    const confirmed = await Dialog.confirm({ title: '取消申请', content: '拒绝后经办人需重新提交申请，确认拒绝该电子印章申请吗？', confirmText: '确认拒绝', cancelText: '取消' })
    if (!confirmed) return
    setRefusing(true)
    try {
      await refuseApplication(id)
      await queryClient.invalidateQueries({ queryKey: backlogKey })
      navigate(agencyLinks.result(id), { replace: true })
    } catch {
      // The request layer has shown the server's message.
      setRefusing(false)
    }
  }

  return (
    <>
      <section className="agency-section" aria-label="事项">
        <dl>
          <Row label="事项" value="电子印章申请签署授权" />
          <Row label="状态" value={backlogStatusLabel(item.status)} />
          <Row label="提交时间" value={beijingMinute(item.createdAt)} />
        </dl>
      </section>
      <section className="agency-section" aria-label="单位信息">
        <h2>单位信息</h2>
        <dl>
          <Row label="单位名称" value={detail.companyDetail.companyName} />
          <Row label="统一社会信用代码" value={detail.companyDetail.companyCardNo} />
          <Row label="法定代表人" value={detail.companyDetail.legalName} />
          <Row label="法定代表人证件号" value={detail.companyDetail.legalCardNo} />
        </dl>
      </section>
      <section className="agency-section" aria-label="印章管理员">
        <h2>印章管理员</h2>
        {detail.sealAdmin.adminName ? (
          <dl>
            <Row label="姓名" value={detail.sealAdmin.adminName} />
            <Row label="证件号码" value={detail.sealAdmin.cardNo} />
          </dl>
        ) : (
          <p className="agency-section-empty">未设置</p>
        )}
      </section>
      <section className="agency-section" aria-label="经办人">
        <h2>经办人</h2>
        <dl>
          <Row label="姓名" value={detail.operator.name} />
          <Row label="证件号码" value={detail.operator.cardNo} />
          <Row label="手机号码" value={detail.operator.phone} />
        </dl>
      </section>
      <section className="agency-section" aria-label="申请印章">
        <h2>申请印章</h2>
        <ul className="agency-seals">
          {detail.sealInfos.map((seal) => (
            <li key={`${seal.sealTypeCode}-${seal.sealName}`}>
              {seal.sealPicUrl ? <img className="agency-seal-pic" src={seal.sealPicUrl} alt={`${seal.sealTypeStr}印模`} /> : <span className="agency-seal-empty">无印模</span>}
              <div>
                <strong>{seal.sealTypeStr}</strong>
                <span>{seal.sealName}</span>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <div className="agency-actions">
        <Button block fill="outline" onClick={() => navigate(agencyLinks.preview(id))}>
          查看文件
        </Button>
        {detail.canSign && (
          <>
            <Button block color="primary" onClick={() => navigate(agencyLinks.sign(id))}>
              签署授权
            </Button>
            <Button block color="danger" fill="outline" loading={refusing} onClick={() => void refuse()}>
              取消申请
            </Button>
          </>
        )}
      </div>
    </>
  )
}
