import { ReloadOutlined } from '@ant-design/icons'
import type { ReviewListItem } from '@seal/shared/api/unit-apply-admin'
import { Alert, Button, Card, Table, Tooltip } from 'antd'
import { useDeferredValue, useState } from 'react'
import { PageFrame } from '../../components/page-frame.tsx'
import { messageOf } from '../../lib/request.ts'
import { useApplications, waitingFilters, type ReviewFilters } from './api/list-applications.ts'
import { reviewColumns } from './review-columns.tsx'
import { ReviewSearchForm } from './review-search-form.tsx'

/**
 * 审核队列: enterprise applications waiting for a reviewer (or in any status after submission), oldest first.
 * Where a reviewer lands, so it is built of antd alone: the pro components come with the pages that use them.
 */
export default function ReviewQueuePage() {
  const [filters, setFilters] = useState<ReviewFilters>(waitingFilters)
  const applications = useApplications(filters)
  // The rows (tags and links, each row's styles at the first answer) render in the background, in slices.
  const pages = useDeferredValue(applications.data?.pages)
  const records = pages?.flatMap((page) => page.records) ?? []
  // 加载更多 while the server has more; then how many there are. No footer on an empty list.
  const footer = applications.hasNextPage ? (
    <div style={{ textAlign: 'center' }}>
      <Button onClick={() => void applications.fetchNextPage()} loading={applications.isFetchingNextPage}>
        加载更多
      </Button>
    </div>
  ) : records.length ? (
    <div style={{ textAlign: 'center', color: '#666' }}>共 {records.length} 条，已全部加载</div>
  ) : null

  return (
    <PageFrame
      title="审核队列"
      content="等待人工审核的单位电子印章申请，按提交时间先后排列：领取后逐枚印章通过或驳回。"
    >
      {applications.isError && (
        <Alert
          type="error"
          showIcon
          message={messageOf(applications.error)}
          style={{ marginBottom: 16 }}
          action={<Button onClick={() => void applications.refetch()}>重试</Button>}
        />
      )}
      <ReviewSearchForm onSearch={setFilters} />
      <Card
        title="申请列表"
        styles={{ body: { padding: 0 } }}
        extra={
          <Tooltip title="刷新">
            <Button
              type="text"
              aria-label="刷新"
              icon={<ReloadOutlined />}
              onClick={() => void applications.refetch()}
            />
          </Tooltip>
        }
      >
        <Table<ReviewListItem>
          rowKey="id"
          columns={reviewColumns}
          dataSource={records}
          loading={applications.isFetching}
          size="middle"
          pagination={false}
          // antd's empty text is its disabled grey, under the 4.5:1 contrast that text needs.
          locale={{ emptyText: <span style={{ color: '#666' }}>没有符合条件的申请</span> }}
          footer={footer ? () => footer : undefined}
        />
      </Card>
    </PageFrame>
  )
}
