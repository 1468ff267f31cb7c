import type { ReviewApplicationDetail, ReviewOcrReading } from '@seal/shared/api/unit-apply-admin'
import { Badge, Card, Table } from 'antd'
import { formatTime } from '../../lib/format.ts'

const fieldNames: Record<string, string> = {
  name: '姓名',
  idNumber: '身份证号',
  sex: '性别',
  nation: '民族',
  birth: '出生',
  address: '住址',
  authority: '签发机关',
  validDate: '有效期限',
  unitName: '单位名称',
  creditCode: '统一社会信用代码',
  legalPerson: '法定代表人',
  legalPersonName: '法定代表人',
  type: '类型',
  registeredCapital: '注册资本',
  establishDate: '成立日期',
  // The names the OCR calls answer with (packages/shared/src/api: ID card front and back, licence).
  userName: '姓名',
  idCardNum: '身份证号',
  birthDate: '出生日期',
  issuingAuthority: '签发机关',
  authorDateStr: '有效期限',
  validFrom: '有效期起',
  expiredDateStr: '有效期至',
  socialCreditCode: '统一社会信用代码',
  legalName: '法定代表人',
}

function fieldsText(fields: ReviewOcrReading['fields']) {
  if (!fields) return '-'
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 12 }}>
      {Object.entries(fields)
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([key, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt style={{ color: 'rgba(0,0,0,0.45)' }}>{fieldNames[key] ?? key}</dt>
            <dd style={{ margin: 0 }}>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
    </dl>
  )
}

/** What OCR read from the licence and the ID pictures, beside the application's own fields above. */
export function OcrReadings({ detail }: { detail: ReviewApplicationDetail }) {
  const titleOf = (purpose: string) => detail.files.find((file) => file.purpose === purpose)?.title ?? purpose
  return (
    <Card title="OCR 识别结果" style={{ marginBottom: 16 }}>
      <Table<ReviewOcrReading>
        size="small"
        rowKey={(row) => `${row.purpose}-${row.fileId}`}
        pagination={false}
        dataSource={detail.ocrReadings}
        locale={{ emptyText: '申请人未通过识别上传这些图片，没有识别记录' }}
        columns={[
          { title: '图片', dataIndex: 'purpose', width: 200, render: (purpose: string) => titleOf(purpose) },
          {
            title: '结果',
            dataIndex: 'status',
            width: 100,
            render: (status: ReviewOcrReading['status']) =>
              status === 'recognized' ? (
                <Badge status="success" text="已识别" />
              ) : (
                <Badge status="error" text="识别失败" />
              ),
          },
          {
            title: '识别内容',
            dataIndex: 'fields',
            render: (_: unknown, row) =>
              row.status === 'failed' ? (row.failure ?? '-') : fieldsText(row.fields),
          },
          {
            title: '识别时间',
            dataIndex: 'readAt',
            width: 180,
            render: (readAt: number) => formatTime(readAt),
          },
        ]}
      />
    </Card>
  )
}
