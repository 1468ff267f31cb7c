import { ProDescriptions } from '@ant-design/pro-components'
import type { ReviewApplicationDetail } from '@seal/shared/api/unit-apply-admin'
import { unitTypeLabels, type UnitType } from '@seal/shared/codes/unit-type'
import { Badge, Card, Col, Row } from 'antd'
import { formatTime } from '../../lib/format.ts'
import { applicantKindLabels, doorLabel, waitedFor } from './labels.ts'

type Props = { detail: ReviewApplicationDetail }

const verifyBadge = (pass: boolean | null) =>
  pass === null ? (
    <Badge status="default" text="未核验" />
  ) : pass ? (
    <Badge status="success" text="通过" />
  ) : (
    <Badge status="error" text="未通过" />
  )

/** What the application says and what the checks found, in the blocks a reviewer compares with the pictures. */
export function ApplicationFacts({ detail }: Props) {
  return (
    <Row gutter={16}>
      <Col xs={24} xl={12}>
        <Card title="单位信息" style={{ marginBottom: 16 }}>
          <ProDescriptions column={1} size="small">
            <ProDescriptions.Item label="单位名称">{detail.unitName || '-'}</ProDescriptions.Item>
            <ProDescriptions.Item label="统一社会信用代码" copyable>
              {detail.socialCreditCode || '-'}
            </ProDescriptions.Item>
            <ProDescriptions.Item label="单位类型">
              {unitTypeLabels[detail.unitTypeCode as UnitType] ?? (detail.unitTypeCode || '-')}
            </ProDescriptions.Item>
            <ProDescriptions.Item label="单位核验">
              {verifyBadge(detail.companyVerifyPass)}
            </ProDescriptions.Item>
            {detail.companyVerifyReason && (
              <ProDescriptions.Item label="核验结果说明">{detail.companyVerifyReason}</ProDescriptions.Item>
            )}
            {detail.serialNo && (
              <ProDescriptions.Item label="核验流水号">{detail.serialNo}</ProDescriptions.Item>
            )}
            <ProDescriptions.Item label="法人人脸核验">
              {detail.faceSerialNo ? (
                <Badge status="success" text={`已通过（${detail.faceSerialNo}）`} />
              ) : (
                <Badge status="default" text="无" />
              )}
            </ProDescriptions.Item>
          </ProDescriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="申请信息" style={{ marginBottom: 16 }}>
          <ProDescriptions column={1} size="small">
            <ProDescriptions.Item label="申请方式">
              {applicantKindLabels[detail.applyType] ?? detail.applyType}
            </ProDescriptions.Item>
            <ProDescriptions.Item label="来源">{doorLabel(detail.door)}</ProDescriptions.Item>
            <ProDescriptions.Item label="申请人">
              {detail.applicant.name} · {detail.applicant.identityNo} · {detail.applicant.phone}
            </ProDescriptions.Item>
            <ProDescriptions.Item label="提交时间">{formatTime(detail.submitTime)}</ProDescriptions.Item>
            {detail.deliveryRecord && (
              <ProDescriptions.Item label="纸质材料快递">
                {detail.deliveryRecord.deliverCompany} {detail.deliveryRecord.deliverNo}（
                {formatTime(detail.deliveryRecord.deliverTime)}）
              </ProDescriptions.Item>
            )}
            {detail.deliveryRecord?.receipt && (
              <ProDescriptions.Item label="材料签收">
                {detail.deliveryRecord.receipt.receivedBy} 于{' '}
                {formatTime(detail.deliveryRecord.receipt.receivedAt)} 签收
                {detail.deliveryRecord.receipt.missing.length > 0 &&
                  `，缺少：${detail.deliveryRecord.receipt.missing.join('、')}`}
              </ProDescriptions.Item>
            )}
            {detail.waitingSince && detail.applyStatus === 'PENDING_REVIEW' && (
              <ProDescriptions.Item label="已等待">{waitedFor(detail.waitingSince)}</ProDescriptions.Item>
            )}
            {detail.makesPendingActivation && (
              <ProDescriptions.Item label="通过后">
                印章为待激活状态，由法定代表人本人激活
              </ProDescriptions.Item>
            )}
            {detail.reviewedBy && (
              <ProDescriptions.Item label="审核人">
                {detail.reviewedBy}（{formatTime(detail.reviewTime)}）
              </ProDescriptions.Item>
            )}
            {detail.reviewNote && (
              <ProDescriptions.Item label="审核意见">{detail.reviewNote}</ProDescriptions.Item>
            )}
          </ProDescriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="法定代表人" style={{ marginBottom: 16 }}>
          <ProDescriptions column={1} size="small">
            <ProDescriptions.Item label="姓名">{detail.legalPersonName || '-'}</ProDescriptions.Item>
            <ProDescriptions.Item label="身份证号">
              {detail.legalPersonIdentityNo || '-'}
            </ProDescriptions.Item>
            <ProDescriptions.Item label="手机号">{detail.legalTel || '-'}</ProDescriptions.Item>
            <ProDescriptions.Item label="印章密码">
              {detail.legalPasswordSet ? '已设置' : '未设置'}
            </ProDescriptions.Item>
          </ProDescriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card
          title={detail.applyType === 'OPERATOR_APPLY' ? '经办人与印章管理员' : '印章管理员'}
          style={{ marginBottom: 16 }}
        >
          <ProDescriptions column={1} size="small">
            {detail.applyType === 'OPERATOR_APPLY' && (
              <ProDescriptions.Item label="经办人">
                {detail.operatorRealName || '-'} · {detail.operatorIdCardNo || '-'} ·{' '}
                {detail.operatorTel || '-'}
              </ProDescriptions.Item>
            )}
            <ProDescriptions.Item label="印章管理员">
              {detail.setSealManager
                ? `${detail.sealManagerName} · ${detail.sealManagerIdentityNo} · ${detail.sealManagerTel}`
                : '未设置（由法定代表人管理）'}
            </ProDescriptions.Item>
          </ProDescriptions>
        </Card>
      </Col>
    </Row>
  )
}
