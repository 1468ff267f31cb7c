import { PageContainer } from '@ant-design/pro-components'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { applyStatus, applyStatusLabels, type ApplyStatus } from '@seal/shared/codes/apply-status'
import { businessTypeLabels, type BusinessType } from '@seal/shared/codes/business-type'
import { Alert, App, Button, Card, Input, Popconfirm, Result, Skeleton, Space, Tag } from 'antd'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { messageOf } from '../../lib/request.ts'
import { mayCall } from '../../lib/roles.ts'
import { useMe } from '../session/api/me.ts'
import { useApplication } from './api/get-application.ts'
import { useReviewApplication } from './api/review-application.ts'
import { ApplicationFacts } from './application-facts.tsx'
import { ClaimBar } from './claim-bar.tsx'
import { decisionsOf, type SealChoices } from './decisions.ts'
import { DocumentGallery } from './document-gallery.tsx'
import { OcrReadings } from './ocr-readings.tsx'
import { SealDecisionCard } from './seal-decision-card.tsx'

/**
 * 申请审核: the application with every document and picture, why it came to a person, and a decision per
 * seal. What the reviewer chose stays on the page when the call fails.
 */
export default function ReviewDetailPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const application = useApplication(id)
  const review = useReviewApplication()
  const me = useMe()
  const { message } = App.useApp()
  const [choices, setChoices] = useState<SealChoices>({})
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<{ error: string; itemId?: string } | null>(null)

  if (application.isPending)
    return (
      <PageContainer title="申请审核">
        <Skeleton active paragraph={{ rows: 12 }} />
      </PageContainer>
    )
  if (application.isError) {
    return (
      <PageContainer title="申请审核" onBack={() => navigate('/review')}>
        <Result
          status="warning"
          title={messageOf(application.error)}
          extra={<Button onClick={() => void application.refetch()}>重试</Button>}
        />
      </PageContainer>
    )
  }

  const detail = application.data
  const reviewer =
    detail.applyStatus === applyStatus.PENDING_REVIEW &&
    mayCall(me.data?.roles ?? [], 'reviewWrite') &&
    !detail.ownApplication
  // Decided only by the reviewer holding it, or by anyone while nobody does (the server's rule).
  const decidable = reviewer && (!detail.claim || detail.claim.mine)
  const outcomes = new Map<string, { approved: boolean; failReason: string | null }>([
    ...detail.successSealItems.map((o) => [o.itemId ?? '', { approved: true, failReason: null }] as const),
    ...detail.failSealItems.map(
      (o) => [o.itemId ?? '', { approved: false, failReason: o.failReason }] as const,
    ),
  ])

  const submit = async () => {
    const checked = decisionsOf(detail.sealInfo, choices)
    if ('error' in checked) {
      setProblem(checked)
      document
        .getElementById(`seal-${checked.itemId}`)
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' })
      return
    }
    setProblem(null)
    try {
      const answer = await review.mutateAsync({
        id,
        decisions: checked.decisions,
        note: note.trim() || undefined,
      })
      void message.success(
        `审核完成：通过 ${answer.successSealItems.length} 枚，驳回 ${answer.failSealItems.length} 枚`,
      )
      await application.refetch()
    } catch (error) {
      setProblem({ error: messageOf(error) })
    }
  }

  return (
    <PageContainer
      title={detail.unitName || '申请审核'}
      onBack={() => navigate('/review')}
      tags={[
        <Tag key="business" color="blue">
          {businessTypeLabels[detail.businessType as BusinessType] ?? detail.businessType}
        </Tag>,
        <Tag key="status">{applyStatusLabels[detail.applyStatus as ApplyStatus] ?? detail.applyStatus}</Tag>,
      ]}
    >
      {detail.ownApplication && (
        <Alert type="error" showIcon message={reviewMessages.ownApplication} style={{ marginBottom: 16 }} />
      )}
      {reviewer && <ClaimBar detail={detail} onChanged={() => void application.refetch()} />}
      {detail.reviewReasons.length > 0 && detail.applyStatus === applyStatus.PENDING_REVIEW && (
        <Alert
          type="warning"
          showIcon
          message="转人工审核的原因"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {detail.reviewReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {detail.failReason && (
        <Alert
          type="error"
          showIcon
          message={`申请失败原因：${detail.failReason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <ApplicationFacts detail={detail} />
      <DocumentGallery files={detail.files} />
      <OcrReadings detail={detail} />
      <h3 style={{ margin: '8px 0 16px' }}>印章（{detail.sealInfo.length} 枚）</h3>
      {detail.sealInfo.map((item) => (
        <div id={`seal-${item._id}`} key={item._id}>
          <SealDecisionCard
            item={item}
            pictures={detail.sealPictures.find((pictures) => pictures.itemId === item._id)}
            choice={choices[item._id] ?? {}}
            onChange={(choice) => setChoices((all) => ({ ...all, [item._id]: choice }))}
            decidable={decidable}
            outcome={outcomes.get(item._id)}
            error={problem?.itemId === item._id ? problem.error : undefined}
          />
        </div>
      ))}
      {decidable && (
        <Card
          title="提交审核"
          style={{ position: 'sticky', bottom: 0, zIndex: 2, boxShadow: '0 -2px 8px rgba(0,0,0,0.06)' }}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {problem && !problem.itemId && <Alert type="error" showIcon message={problem.error} />}
            <Input.TextArea
              aria-label="审核备注"
              placeholder="审核备注（选填，仅后台可见）"
              maxLength={500}
              autoSize={{ minRows: 1, maxRows: 3 }}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <Popconfirm
              title="提交审核结果？"
              description="通过的印章将立即制作，驳回原因将告知申请人。"
              onConfirm={submit}
              okText="提交"
            >
              <Button type="primary" size="large" loading={review.isPending}>
                提交审核
              </Button>
            </Popconfirm>
          </Space>
        </Card>
      )}
    </PageContainer>
  )
}
