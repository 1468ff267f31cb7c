import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import type { sandboxEnterpriseItem, sandboxPersonItem } from '@seal/shared/api/console'
import { unitTypeLabels, type UnitType } from '@seal/shared/codes/unit-type'
import { Alert, Button, Input, Space, Tabs, Tag } from 'antd'
import { useState } from 'react'
import type { z } from 'zod'
import { formatTime } from '../../lib/format.ts'
import { useKeysetList } from '../../lib/keyset-list.ts'
import { messageOf } from '../../lib/request.ts'

type Enterprise = z.infer<typeof sandboxEnterpriseItem>
type Person = z.infer<typeof sandboxPersonItem>

const outcomes: Record<string, { text: string; color: string }> = {
  normal: { text: '正常', color: 'success' },
  '40075': { text: '核验不一致（40075）', color: 'error' },
  timeout: { text: '超时', color: 'warning' },
}
const outcomeTag = (outcome: string) => (
  <Tag color={outcomes[outcome]?.color}>{outcomes[outcome]?.text ?? outcome}</Tag>
)

const enterpriseColumns: ProColumns<Enterprise>[] = [
  { title: '单位名称', dataIndex: 'unitName' },
  { title: '统一社会信用代码', dataIndex: 'socialCreditCode', copyable: true },
  {
    title: '单位类型',
    dataIndex: 'unitTypeCode',
    render: (_, row) => unitTypeLabels[row.unitTypeCode as UnitType] ?? row.unitTypeCode,
  },
  {
    title: '法定代表人',
    dataIndex: 'legalPersonName',
    render: (_, row) => `${row.legalPersonName} ${row.legalPersonIdentityNo}`,
  },
  { title: '核验结果', dataIndex: 'outcome', render: (_, row) => outcomeTag(row.outcome) },
  { title: '登记时间', dataIndex: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
]
const personColumns: ProColumns<Person>[] = [
  { title: '姓名', dataIndex: 'name' },
  { title: '手机号', dataIndex: 'phone', copyable: true },
  { title: '身份证号', dataIndex: 'identityNo' },
  { title: '核验结果', dataIndex: 'outcome', render: (_, row) => outcomeTag(row.outcome) },
  { title: '登记时间', dataIndex: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
]

function Registry<T extends object>({
  path,
  columns,
  rowKey,
  placeholder,
}: {
  path: string
  columns: ProColumns<T>[]
  rowKey: keyof T & string
  placeholder: string
}) {
  const [keyword, setKeyword] = useState('')
  const list = useKeysetList<T>(['admin', path], path, { keyword: keyword || undefined })
  return (
    <>
      {list.isError && (
        <Alert type="error" showIcon message={messageOf(list.error)} style={{ marginBottom: 16 }} />
      )}
      <ProTable<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={list.records}
        loading={list.isFetching}
        search={false}
        pagination={false}
        headerTitle={
          <Space>
            <Input.Search
              aria-label="关键字"
              placeholder={placeholder}
              allowClear
              enterButton="查询"
              onSearch={(value) => setKeyword(value.trim())}
              style={{ width: 360 }}
            />
          </Space>
        }
        options={{ reload: () => void list.refetch(), density: false, setting: false }}
        locale={{ emptyText: '没有登记记录' }}
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

/** 沙箱登记: the sandbox providers' registries of enterprises and persons (present only while they are on). */
export default function SandboxPage() {
  return (
    <PageContainer
      title="沙箱登记"
      content="沙箱环境下，企业核验和实名核验按这里登记的企业与个人作答；正式环境无此数据。"
    >
      <Tabs
        items={[
          {
            key: 'enterprises',
            label: '企业',
            children: (
              <Registry<Enterprise>
                path="/admin/sandbox/enterprises"
                columns={enterpriseColumns}
                rowKey="socialCreditCode"
                placeholder="单位名称、信用代码的一部分"
              />
            ),
          },
          {
            key: 'persons',
            label: '个人',
            children: (
              <Registry<Person>
                path="/admin/sandbox/persons"
                columns={personColumns}
                rowKey="phone"
                placeholder="姓名、手机号的一部分"
              />
            ),
          },
        ]}
      />
    </PageContainer>
  )
}
