import { ModalForm, PageContainer, ProDescriptions, ProFormTextArea } from '@ant-design/pro-components'
import { consoleRevokeBody, type ConsoleSealDetail } from '@seal/shared/api/console'
import { sealStatusWide, type SealStatusWide } from '@seal/shared/codes/seal-status'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Alert, App, Badge, Button, Card, Col, Image, Result, Row, Skeleton, Table } from 'antd'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { queryClient } from '../../app/query-client.ts'
import { formatTime } from '../../lib/format.ts'
import { api, messageOf } from '../../lib/request.ts'
import { mayCall } from '../../lib/roles.ts'
import { zodRule } from '../../lib/zod-rule.ts'
import { useMe } from '../session/api/me.ts'
import { SealStatusBadge } from './seal-status-badge.tsx'

type Detail = ConsoleSealDetail
const authStatus: Record<string, string> = {
  draft: '草稿',
  pending: '待接受',
  active: '生效中',
  revoked: '已撤销',
}
const day = (time: number | null) => formatTime(time).slice(0, 10)

/** GET /admin/seals/:id and POST /admin/seals/:id/revoke (注销: the certificates revoked, the CRL and platforms told). */
const useSeal = (id: string) =>
  useQuery({
    queryKey: ['admin', 'seals', 'detail', id],
    queryFn: () => api<Detail>('GET', `/admin/seals/${encodeURIComponent(id)}`),
  })
const useRevokeSeal = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<{ revokedSerialNumbers: string[] }>('POST', `/admin/seals/${encodeURIComponent(id)}/revoke`, {
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'seals'] }),
  })

/** A seal with its certificate(s), authorisations, bindings and latest uses; revoke with a reason. */
export default function SealDetailPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const seal = useSeal(id)
  const revoke = useRevokeSeal()
  const me = useMe()
  const { message } = App.useApp()

  if (seal.isPending)
    return (
      <PageContainer title="印章详情">
        <Skeleton active />
      </PageContainer>
    )
  if (seal.isError)
    return (
      <PageContainer title="印章详情" onBack={() => navigate('/seals')}>
        <Result status="warning" title={messageOf(seal.error)} />
      </PageContainer>
    )
  const { seal: s, holder, unit, certificates, authorizations, bindings, latestUses } = seal.data
  const revocable =
    mayCall(me.data?.roles ?? [], 'sealWrite') &&
    s.status !== sealStatusWide.CANCELLED &&
    s.status !== sealStatusWide.REVOKED

  return (
    <PageContainer
      title={s.sealName}
      onBack={() => navigate('/seals')}
      tags={[<SealStatusBadge key="status" status={s.status as SealStatusWide} />]}
      extra={
        revocable && (
          <ModalForm<{ reason: string }>
            title={`注销印章「${s.sealName}」`}
            trigger={<Button danger>注销印章</Button>}
            width={520}
            modalProps={{ destroyOnHidden: true, okButtonProps: { danger: true } }}
            submitter={{ searchConfig: { submitText: '确认注销' } }}
            onFinish={async ({ reason }) => {
              try {
                const answer = await revoke.mutateAsync({ id, reason: reason.trim() })
                void message.success(`印章已注销，吊销证书 ${answer.revokedSerialNumbers.length} 张`)
                return true
              } catch (error) {
                void message.error(messageOf(error))
                return false
              }
            }}
          >
            <Alert
              type="warning"
              showIcon
              message="注销后印章立即不能使用，证书被吊销并发布到 CRL，已绑定的平台将收到通知。此操作不可撤销。"
              style={{ marginBottom: 16 }}
            />
            <ProFormTextArea
              name="reason"
              label="注销原因"
              fieldProps={{ maxLength: 200, showCount: true }}
              rules={[zodRule(consoleRevokeBody.shape.reason, { required: '请填写注销原因' })]}
            />
          </ModalForm>
        )
      }
    >
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card title="印章信息" style={{ marginBottom: 16 }}>
            <ProDescriptions column={2} size="small">
              <ProDescriptions.Item label="印章类型">{sealTypeLabel(s.sealTypeCode)}</ProDescriptions.Item>
              <ProDescriptions.Item label="备案号">{s.sealCode || '-'}</ProDescriptions.Item>
              <ProDescriptions.Item label="所属单位">
                {unit ? `${unit.name}（${unit.socialCreditCode}）` : '个人名章'}
              </ProDescriptions.Item>
              <ProDescriptions.Item label={unit ? '法定代表人' : '持有人'}>
                {holder.name} · {holder.identityNo} · {holder.phone}{' '}
                {holder.verified ? (
                  <Badge status="success" text="已实名" />
                ) : (
                  <Badge status="default" text="未实名" />
                )}
              </ProDescriptions.Item>
              <ProDescriptions.Item label="证书有效期">{`${day(s.certStartTime)} 至 ${day(s.certEndTime)}`}</ProDescriptions.Item>
              <ProDescriptions.Item label="制章时间">{formatTime(s.createdAt)}</ProDescriptions.Item>
              <ProDescriptions.Item label="印章 ID" copyable>
                {s.id}
              </ProDescriptions.Item>
              <ProDescriptions.Item label="图片摘要">{s.imageSha256.slice(0, 16)}…</ProDescriptions.Item>
              {s.revokedAt && (
                <ProDescriptions.Item label="注销">{`${formatTime(s.revokedAt)}${s.revokedByName ? ` · ${s.revokedByName}` : ''}`}</ProDescriptions.Item>
              )}
              {s.failureReason && (
                <ProDescriptions.Item label="失败原因">{s.failureReason}</ProDescriptions.Item>
              )}
            </ProDescriptions>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="印章图片" style={{ marginBottom: 16, textAlign: 'center' }}>
            <Image
              src={s.pictureUrl}
              alt={`${s.sealName}印章图片`}
              height={180}
              style={{ objectFit: 'contain' }}
            />
          </Card>
        </Col>
      </Row>
      <Card title="证书" style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey="serialNumber"
          pagination={false}
          dataSource={certificates}
          columns={[
            { title: '序列号', dataIndex: 'serialNumber', render: (v: string) => <code>{v}</code> },
            { title: '主题', dataIndex: 'subject', ellipsis: true },
            { title: '算法', dataIndex: 'algorithm' },
            {
              title: '有效期',
              key: 'valid',
              render: (_: unknown, c) => `${day(c.notBefore)} 至 ${day(c.notAfter)}`,
            },
            {
              title: '状态',
              key: 'status',
              render: (_: unknown, c) =>
                c.status === 'active' ? (
                  <Badge status="success" text="有效" />
                ) : (
                  <Badge
                    status="error"
                    text={`已吊销 ${formatTime(c.revokedAt)}${c.revocationReason ? `（${c.revocationReason}）` : ''}`}
                  />
                ),
            },
          ]}
        />
      </Card>
      <Card title="授权" style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={authorizations}
          locale={{ emptyText: '没有授权' }}
          columns={[
            {
              title: '被授权人',
              key: 'grantee',
              render: (_: unknown, a) => `${a.granteeName} ${a.granteePhone}`,
            },
            { title: '授权人', dataIndex: 'grantorName' },
            {
              title: '授权类型',
              dataIndex: 'authUseType',
              render: (v: string) => (v === '2' ? '授权管理' : '授权使用'),
            },
            {
              title: '期限',
              key: 'period',
              render: (_: unknown, a) => `${day(a.startTime)} 至 ${day(a.endTime)}`,
            },
            { title: '状态', dataIndex: 'status', render: (v: string) => authStatus[v] ?? v },
          ]}
        />
      </Card>
      <Card title="平台绑定" style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={bindings}
          locale={{ emptyText: '没有绑定平台' }}
          columns={[
            { title: '平台', dataIndex: 'platformName' },
            { title: '绑定人', dataIndex: 'personName' },
            { title: '绑定时间', dataIndex: 'boundAt', render: (v: number) => formatTime(v) },
            {
              title: '状态',
              key: 'state',
              render: (_: unknown, b) =>
                b.bindState === '1' ? (
                  <Badge status="success" text="生效中" />
                ) : (
                  <Badge status="default" text={`已解除 ${formatTime(b.cancelledAt)}`} />
                ),
            },
          ]}
        />
      </Card>
      <Card
        title="最近用章记录"
        extra={<Link to={`/audit/use-records?sealId=${encodeURIComponent(s.id)}`}>查看全部</Link>}
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={latestUses}
          locale={{ emptyText: '尚无用章记录' }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', render: (v: number) => formatTime(v) },
            { title: '用章人', dataIndex: 'userName', render: (v: string | null) => v ?? '-' },
            { title: '文件', dataIndex: 'fileName' },
            { title: '业务', dataIndex: 'businessName', render: (v: string | null) => v ?? '-' },
            { title: '平台', dataIndex: 'platformName', render: (v: string | null) => v ?? '-' },
          ]}
        />
      </Card>
    </PageContainer>
  )
}
