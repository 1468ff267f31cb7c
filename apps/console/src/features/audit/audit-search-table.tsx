import { ProTable, type ProColumns } from '@ant-design/pro-components'
import { Alert, App, Button } from 'antd'
import { useState } from 'react'
import { downloadExport } from '../../lib/download.ts'
import { useKeysetList } from '../../lib/keyset-list.ts'
import { messageOf } from '../../lib/request.ts'

type Filters = Record<string, string | number | undefined>

/** Empty search fields are no filter; the period's two ends become from (inclusive) and to (exclusive). */
export function filtersOf(fields: Record<string, unknown>): Filters {
  const filters: Filters = {}
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'period' && Array.isArray(value)) {
      const [from, to] = value as (number | string | undefined)[]
      if (from) filters.from = Number(new Date(from))
      if (to) filters.to = Number(new Date(to))
    } else if (typeof value === 'string' && value.trim()) filters[key] = value.trim()
    else if (typeof value === 'number') filters[key] = value
  }
  return filters
}

/**
 * A searchable audit list (audit events, use records): the search form, the keyset pages, and 导出 CSV of
 * the same filters.
 */
export function AuditSearchTable<T extends { id: string }>(props: {
  title: string
  path: string
  exportName: string
  columns: ProColumns<T>[]
  initialFilters?: Filters
}) {
  const [filters, setFilters] = useState<Filters>(props.initialFilters ?? {})
  const list = useKeysetList<T>(['admin', props.path], props.path, filters)
  const { message } = App.useApp()
  const [exporting, setExporting] = useState(false)
  const onExport = async () => {
    setExporting(true)
    try {
      await downloadExport(`${props.path}/export`, filters, props.exportName)
    } catch (error) {
      void message.error(messageOf(error))
    } finally {
      setExporting(false)
    }
  }
  return (
    <>
      {list.isError && (
        <Alert type="error" showIcon message={messageOf(list.error)} style={{ marginBottom: 16 }} />
      )}
      <ProTable<T, Record<string, unknown>>
        rowKey="id"
        headerTitle={props.title}
        columns={props.columns}
        dataSource={list.records}
        loading={list.isFetching}
        form={{ initialValues: props.initialFilters }}
        search={{ labelWidth: 'auto', searchText: '查询', resetText: '重置', defaultCollapsed: false }}
        onSubmit={(fields) => setFilters(filtersOf(fields))}
        onReset={() => setFilters({})}
        pagination={false}
        options={{ reload: () => void list.refetch(), density: false, setting: false }}
        toolBarRender={() => [
          <Button key="export" onClick={() => void onExport()} loading={exporting}>
            导出 CSV
          </Button>,
        ]}
        locale={{ emptyText: '没有符合条件的记录' }}
        footer={() =>
          list.hasNextPage ? (
            <div style={{ textAlign: 'center' }}>
              <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                加载更多
              </Button>
            </div>
          ) : null
        }
      />
    </>
  )
}
