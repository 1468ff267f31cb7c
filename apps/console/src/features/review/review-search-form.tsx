import { applyStatus, applyStatusLabels, WAITING } from '@seal/shared/codes/apply-status'
import { businessTypeLabels } from '@seal/shared/codes/business-type'
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd'
import { waitingFilters, type ReviewFilters } from './api/list-applications.ts'
import { doorLabels } from './labels.ts'

const statusOptions = [
  { value: WAITING, label: '待人工审核' },
  ...Object.entries(applyStatusLabels)
    .filter(([status]) => status !== applyStatus.TEMPORARY_SAVE)
    .map(([status, label]) => ({ value: status, label })),
]
const doorOptions = Object.entries(doorLabels).map(([door, label]) => ({ value: door, label }))
const businessOptions = Object.entries(businessTypeLabels).map(([type, label]) => ({ value: type, label }))

export type SearchFields = {
  q?: string
  businessType?: string
  applyStatus?: string
  door?: ReviewFilters['door']
}

/** Empty fields of the search form are no filter. */
export function filtersOf(fields: SearchFields): ReviewFilters {
  const filters: ReviewFilters = {}
  if (fields.applyStatus) filters.status = fields.applyStatus
  if (fields.businessType) filters.businessType = fields.businessType
  if (fields.door) filters.door = fields.door
  if (fields.q?.trim()) filters.q = fields.q.trim()
  return filters
}

/** Three fields a row on a desktop, the buttons at the end of the last row (as a query filter lays them out). */
const field = { xs: 24, md: 12, xl: 8 }

/** The queue's search: 搜索, 业务类型, 状态 (待人工审核 at first) and 来源; 查询 applies them, 重置 goes back. */
export function ReviewSearchForm({ onSearch }: { onSearch: (filters: ReviewFilters) => void }) {
  const [form] = Form.useForm<SearchFields>()
  const reset = () => {
    form.resetFields()
    onSearch(waitingFilters)
  }
  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Form
        form={form}
        initialValues={{ applyStatus: WAITING }}
        onFinish={(fields) => onSearch(filtersOf(fields))}
      >
        <Row gutter={24}>
          <Col {...field}>
            <Form.Item label="搜索" name="q">
              <Input placeholder="单位名称、信用代码、申请人或法定代表人姓名" allowClear />
            </Form.Item>
          </Col>
          <Col {...field}>
            <Form.Item label="业务类型" name="businessType">
              <Select options={businessOptions} placeholder="请选择" allowClear />
            </Form.Item>
          </Col>
          <Col {...field}>
            <Form.Item label="状态" name="applyStatus">
              <Select options={statusOptions} placeholder="请选择" allowClear />
            </Form.Item>
          </Col>
          <Col {...field}>
            <Form.Item label="来源" name="door">
              <Select options={doorOptions} placeholder="请选择" allowClear />
            </Form.Item>
          </Col>
          <Col flex="auto" style={{ textAlign: 'right' }}>
            <Form.Item>
              <Space>
                <Button onClick={reset}>重置</Button>
                <Button type="primary" htmlType="submit">
                  查询
                </Button>
              </Space>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  )
}
