import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Col, Descriptions, Result, Row, Typography } from 'antd'
import { useState } from 'react'
import { formatTime } from '../../lib/format.ts'
import { messageOf } from '../../lib/request.ts'
import { useVerifyChain, type ChainReport } from './api/verify-chain.ts'

const chainNames: Record<string, string> = { audit: '审计日志', use: '用章记录' }
const chainName = (chain: string) => chainNames[chain] ?? chain

function ChainCard({ report }: { report: ChainReport }) {
  const broken = report.firstBreak || report.firstBadHead
  return (
    <Card
      title={`${chainName(report.chain)}链`}
      extra={
        broken ? (
          <Typography.Text type="danger">已被改动</Typography.Text>
        ) : (
          <Typography.Text type="success">完好</Typography.Text>
        )
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="已链接条目">{report.entries}</Descriptions.Item>
        <Descriptions.Item label="待链接条目">{report.unlinked}</Descriptions.Item>
        <Descriptions.Item label="链头">
          {report.head
            ? `第 ${report.head.chainSeq} 条 · ${report.head.entryHash.slice(0, 16)}…`
            : '（空链）'}
        </Descriptions.Item>
        <Descriptions.Item label="已签名链头">{report.heads} 个</Descriptions.Item>
      </Descriptions>
      {report.firstBreak && (
        <Alert
          type="error"
          showIcon
          message={`第一处断裂：第 ${report.firstBreak.chainSeq} 条`}
          description={
            <>
              {report.firstBreak.reason}
              {report.firstBreak.id && <div>记录 ID：{report.firstBreak.id}</div>}
            </>
          }
          style={{ marginTop: 12 }}
        />
      )}
      {report.firstBadHead && (
        <Alert
          type="error"
          showIcon
          message={`签名链头不符：第 ${report.firstBadHead.chainSeq} 条`}
          description={report.firstBadHead.reason}
          style={{ marginTop: 12 }}
        />
      )}
    </Card>
  )
}

/** 审计链校验: walks the audit log's and the use records' hash chains and their signed heads, naming the first broken entry. */
export default function VerifyPage() {
  const verify = useVerifyChain()
  const [checkedAt, setCheckedAt] = useState<number | null>(null)
  const run = () => verify.mutate(undefined, { onSuccess: () => setCheckedAt(Date.now()) })
  return (
    <PageContainer
      title="审计链校验"
      content="审计日志与用章记录逐条带有前一条的哈希，链头定期由服务签名并加盖时间戳；校验从第一条开始重新计算，数据库中任何修改、删除或调换都会被发现。"
      extra={
        <Button type="primary" onClick={run} loading={verify.isPending}>
          开始校验
        </Button>
      }
    >
      {verify.isError && (
        <Alert type="error" showIcon message={messageOf(verify.error)} style={{ marginBottom: 16 }} />
      )}
      {!verify.data && !verify.isPending && (
        <Result status="info" title="尚未校验" subTitle="点击「开始校验」检查审计链是否完好。" />
      )}
      {verify.data && (
        <>
          <Result
            status={verify.data.ok ? 'success' : 'error'}
            title={verify.data.ok ? '审计链完好' : '审计链已被改动'}
            subTitle={`校验时间：${formatTime(checkedAt)}`}
            style={{ padding: '24px 0' }}
          />
          <Row gutter={16}>
            {verify.data.chains.map((report) => (
              <Col key={report.chain} xs={24} lg={12}>
                <ChainCard report={report} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </PageContainer>
  )
}
