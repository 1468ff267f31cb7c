import { UploadOutlined } from '@ant-design/icons'
import {
  MAX_REVIEW_SEAL_PIC_BYTES,
  reviewMessages,
  type ReviewApplicationDetail,
  type ReviewSealPictures,
  type SealImpressionReading,
} from '@seal/shared/api/unit-apply-admin'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Image,
  Input,
  Radio,
  Row,
  Space,
  Tag,
  Upload,
} from 'antd'
import type { SealChoice } from './decisions.ts'
import { FileView } from './file-view.tsx'

type SealItem = ReviewApplicationDetail['sealInfo'][number]

const verdictLabels: Record<SealImpressionReading['verdict'], { text: string; color: string }> = {
  match: { text: '与申请一致', color: 'success' },
  wrongName: { text: '印章名称不符', color: 'error' },
  wrongType: { text: '印章类型不符', color: 'error' },
  unread: { text: '未能识别', color: 'warning' },
}

/** Reads a PNG the reviewer cut out as the base64 the review call takes. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

export type SealDecisionCardProps = {
  item: SealItem
  /** The photo as uploaded, the cut-out, and what the impression check read. */
  pictures: ReviewSealPictures | undefined
  choice: SealChoice
  onChange: (choice: SealChoice) => void
  /** Deciding is possible (the application waits for review and the caller is a reviewer). */
  decidable: boolean
  /** The outcome once decided. */
  outcome?: { approved: boolean; failReason: string | null }
  /** Points at the missing part of this seal's decision. */
  error?: string
}

/**
 * One seal of the application: the photo the applicant uploaded beside the impression cut out of it, what
 * the impression check read, and the reviewer's 通过 or 驳回 (with the reason the applicant reads).
 */
export function SealDecisionCard({
  item,
  pictures,
  choice,
  onChange,
  decidable,
  outcome,
  error,
}: SealDecisionCardProps) {
  const { message } = App.useApp()
  const name = item.sealName || sealTypeLabel(item.sealTypeCode)
  const photo = pictures?.photo ?? undefined
  const cutOut = pictures?.cutOut ?? undefined
  const reading = pictures?.reading ?? undefined
  const cutOutPreview = choice.sealPicBase64 ? `data:image/png;base64,${choice.sealPicBase64}` : null

  return (
    <Card
      title={
        <Space>
          <span>{name}</span>
          <Tag>{item.sealTypeName || sealTypeLabel(item.sealTypeCode)}</Tag>
          {item.manualReview && <Tag color="warning">印模需人工处理</Tag>}
          {outcome &&
            (outcome.approved ? <Tag color="success">已通过</Tag> : <Tag color="error">已驳回</Tag>)}
        </Space>
      }
      style={{ marginBottom: 16, borderColor: error ? '#ff4d4f' : undefined }}
      role="region"
      aria-label={`印章 ${name}`}
    >
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Image.PreviewGroup>
            <Row gutter={16}>
              <Col span={12}>
                <FileView file={photo} title="印章照片" missing={item.sealCode ? '未上传照片' : '未上传'} />
              </Col>
              <Col span={12}>
                <FileView
                  file={cutOut}
                  title={item.manualReview ? '印模（未能自动抠图）' : '抠图后的印模'}
                  missing="无印模图片"
                />
              </Col>
            </Row>
          </Image.PreviewGroup>
        </Col>
        <Col xs={24} lg={10}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="印章名称">{item.sealName || '-'}</Descriptions.Item>
            <Descriptions.Item label="备案号">{item.sealCode || '无备案号'}</Descriptions.Item>
            <Descriptions.Item label="印模识别">
              {reading ? (
                <Tag color={verdictLabels[reading.verdict].color}>{verdictLabels[reading.verdict].text}</Tag>
              ) : (
                <span style={{ color: '#999' }}>未识别</span>
              )}
            </Descriptions.Item>
            {reading && (
              <>
                <Descriptions.Item label="识别的环形文字">{reading.ringText || '（空）'}</Descriptions.Item>
                <Descriptions.Item label="识别的横排文字">{reading.centreText || '（空）'}</Descriptions.Item>
                <Descriptions.Item label="对照">
                  {reading.unitName} · {reading.sealName}
                </Descriptions.Item>
              </>
            )}
            {item.errorCount > 0 && (
              <Descriptions.Item label="自动抠图失败">{item.errorCount} 次</Descriptions.Item>
            )}
          </Descriptions>
          {outcome && !outcome.approved && outcome.failReason && (
            <Alert
              type="error"
              showIcon
              message={`驳回原因：${outcome.failReason}`}
              style={{ marginTop: 12 }}
            />
          )}
        </Col>
      </Row>
      {decidable && (
        <div style={{ marginTop: 16, paddingTop: 16, borderTop: '1px dashed #f0f0f0' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Radio.Group
              aria-label={`${name}审核意见`}
              optionType="button"
              buttonStyle="solid"
              value={choice.approve === undefined ? undefined : choice.approve ? 'approve' : 'reject'}
              onChange={(event) => onChange({ ...choice, approve: event.target.value === 'approve' })}
              options={[
                { label: '通过', value: 'approve' },
                { label: '驳回', value: 'reject' },
              ]}
            />
            {choice.approve === false && (
              <Input.TextArea
                aria-label={`${name}驳回原因`}
                placeholder="驳回原因（申请人可见），如：印章照片模糊，请重新拍摄上传"
                maxLength={200}
                showCount
                autoSize={{ minRows: 2, maxRows: 4 }}
                value={choice.reason}
                status={error === reviewMessages.reasonRequired ? 'error' : undefined}
                onChange={(event) => onChange({ ...choice, reason: event.target.value })}
              />
            )}
            {choice.approve && item.manualReview && (
              <Space align="start">
                <Upload
                  accept="image/png"
                  showUploadList={false}
                  beforeUpload={async (file) => {
                    if (file.type !== 'image/png') void message.error(reviewMessages.cutOutNotPng)
                    else if (file.size > MAX_REVIEW_SEAL_PIC_BYTES)
                      void message.error(reviewMessages.cutOutTooLarge)
                    else onChange({ ...choice, sealPicBase64: await readBase64(file) })
                    return Upload.LIST_IGNORE
                  }}
                >
                  <Button icon={<UploadOutlined />}>上传抠图后的印章图片（PNG）</Button>
                </Upload>
                {cutOutPreview && <Image src={cutOutPreview} alt="上传的印章图片" height={80} />}
              </Space>
            )}
            {error && <Alert type="error" showIcon message={error} />}
          </Space>
        </div>
      )}
    </Card>
  )
}
