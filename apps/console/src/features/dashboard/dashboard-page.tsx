import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import type { DashboardAnswer } from '@seal/shared/api/console'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Col, Row, Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import { formatTime } from '../../lib/format.ts'
import { api, messageOf } from '../../lib/request.ts'

const ApplicationsByStatus = lazy(() =>
  import('./charts.tsx').then((m) => ({ default: m.ApplicationsByStatus })),
)
const PerDay = lazy(() => import('./charts.tsx').then((m) => ({ default: m.PerDay })))
const UsesPerDay = lazy(() => import('./charts.tsx').then((m) => ({ default: m.UsesPerDay })))

/** Milliseconds as a waiting time: 35分钟, 4.5小时, 2.1天. */
export function duration(ms: number | null): string {
  if (ms === null) return '-'
  const minutes = ms / 60_000
  if (minutes < 60) return `${Math.round(minutes)}分钟`
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(1)}小时`
  return `${(minutes / 1440).toFixed(1)}天`
}

const chart = (node: React.ReactNode) => (
  <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{node}</Suspense>
)

/** 首页: applications by status, seals made and uses per day over 30 days, review waiting times. */
export default function DashboardPage() {
  const dashboard = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => api<DashboardAnswer>('GET', '/admin/dashboard'),
    refetchInterval: 60_000,
  })
  if (dashboard.isError)
    return (
      <PageContainer title="首页">
        <Alert type="error" showIcon message={messageOf(dashboard.error)} />
      </PageContainer>
    )
  const data = dashboard.data
  const sum = (rows: { count: number }[] | undefined) =>
    (rows ?? []).reduce((total, row) => total + row.count, 0)
  return (
    <PageContainer title="首页" content={data ? `数据截至 ${formatTime(data.asOf)}，近30天` : '加载中'}>
      <StatisticCard.Group direction="row" loading={dashboard.isPending} style={{ marginBottom: 16 }}>
        <StatisticCard
          statistic={{ title: '待人工审核', value: data?.review.waiting.count ?? 0, suffix: '件' }}
        />
        <StatisticCard
          statistic={{ title: '等待时长（中位数）', value: duration(data?.review.waiting.p50Ms ?? null) }}
        />
        <StatisticCard
          statistic={{
            title: '审核用时（中位数 / 90%）',
            value: `${duration(data?.review.decided.p50Ms ?? null)} / ${duration(data?.review.decided.p90Ms ?? null)}`,
          }}
        />
        <StatisticCard
          statistic={{ title: '近30天制章', value: sum(data?.sealsIssuedPerDay), suffix: '枚' }}
        />
        <StatisticCard statistic={{ title: '近30天用章', value: sum(data?.usesPerDay), suffix: '次' }} />
      </StatisticCard.Group>
      {data && (
        <Row gutter={16}>
          <Col xs={24} xl={10}>
            <Card title="申请状态分布" style={{ marginBottom: 16 }}>
              {chart(<ApplicationsByStatus data={data.applicationsByStatus} />)}
            </Card>
          </Col>
          <Col xs={24} xl={14}>
            <Card title="每日制章数" style={{ marginBottom: 16 }}>
              {chart(<PerDay data={data.sealsIssuedPerDay} name="制章数" />)}
            </Card>
          </Col>
          <Col span={24}>
            <Card title="每日用章次数">{chart(<UsesPerDay data={data.usesPerDay} />)}</Card>
          </Col>
        </Row>
      )}
    </PageContainer>
  )
}
