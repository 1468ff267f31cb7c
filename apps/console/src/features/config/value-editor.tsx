import type { AppConfig, ConfigKey } from '@seal/shared/api/config'
import { Form, Input, InputNumber, Select, Switch } from 'antd'

type Consignee = {
  name: string
  phone: string
  address: string
  materials: string[]
  adminMaterials: string[]
  nonAdminMaterials: string[]
  governmentMaterials: string[]
}

type Props = { configKey: ConfigKey; value: unknown; onChange: (value: unknown) => void }

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** A list edited as one entry per line. */
function LinesInput({
  label,
  value,
  onChange,
}: {
  label: string
  value: string[] | undefined
  onChange: (value: string[]) => void
}) {
  return (
    <Form.Item label={label} extra="每行一项">
      <Input.TextArea
        aria-label={label}
        autoSize={{ minRows: 3, maxRows: 8 }}
        defaultValue={(value ?? []).join('\n')}
        onChange={(event) => onChange(lines(event.target.value))}
      />
    </Form.Item>
  )
}

/** The consignee of paper materials: who, where, and the material lists by kind of unit. */
function ConsigneeEditor({ value, onChange }: { value: Consignee; onChange: (value: Consignee) => void }) {
  const set = (part: Partial<Consignee>) => onChange({ ...value, ...part })
  return (
    <>
      <Form.Item label="收件人">
        <Input
          aria-label="收件人"
          value={value.name}
          onChange={(event) => set({ name: event.target.value })}
        />
      </Form.Item>
      <Form.Item label="收件电话">
        <Input
          aria-label="收件电话"
          value={value.phone}
          onChange={(event) => set({ phone: event.target.value })}
        />
      </Form.Item>
      <Form.Item label="收件地址">
        <Input
          aria-label="收件地址"
          value={value.address}
          onChange={(event) => set({ address: event.target.value })}
        />
      </Form.Item>
      <LinesInput
        label="企业须邮寄的材料"
        value={value.nonAdminMaterials}
        onChange={(nonAdminMaterials) => set({ nonAdminMaterials })}
      />
      <LinesInput
        label="机关事业单位须邮寄的材料"
        value={value.adminMaterials}
        onChange={(adminMaterials) => set({ adminMaterials })}
      />
      <LinesInput
        label="政务服务渠道单位须邮寄的材料"
        value={value.governmentMaterials}
        onChange={(governmentMaterials) => set({ governmentMaterials })}
      />
    </>
  )
}

/** Which channels show the operation manual, and its files (the first is shown). */
function ManualEditor({
  value,
  onChange,
}: {
  value: AppConfig['operationManual']
  onChange: (value: AppConfig['operationManual']) => void
}) {
  return (
    <>
      <Form.Item label="显示操作手册的渠道" extra="输入渠道标识后回车，如 h5、app">
        <Select
          aria-label="显示操作手册的渠道"
          mode="tags"
          value={value.channels}
          onChange={(channels: string[]) => onChange({ ...value, channels })}
          open={false}
        />
      </Form.Item>
      <Form.Item label="操作手册文件 ID" extra="上传后的文件 ID，显示第一个">
        <Select
          aria-label="操作手册文件 ID"
          mode="tags"
          value={value.fileIds}
          onChange={(fileIds: string[]) => onChange({ ...value, fileIds })}
          open={false}
        />
      </Form.Item>
    </>
  )
}

/**
 * The editor of one configuration value, by its kind: a switch, a number, a text, the consignee's and the
 * manual's own fields, or JSON for the other lists and objects (the value is `undefined` while the JSON
 * does not parse).
 */
export function ValueEditor({ configKey, value, onChange }: Props) {
  if (configKey === 'consignee') return <ConsigneeEditor value={value as Consignee} onChange={onChange} />
  if (configKey === 'operationManual')
    return <ManualEditor value={value as AppConfig['operationManual']} onChange={onChange} />
  if (typeof value === 'boolean') {
    return (
      <Form.Item label="值">
        <Switch
          aria-label="值"
          checked={value}
          onChange={onChange}
          checkedChildren="开"
          unCheckedChildren="关"
        />
      </Form.Item>
    )
  }
  if (typeof value === 'number') {
    return (
      <Form.Item label="值">
        <InputNumber
          aria-label="值"
          value={value}
          precision={0}
          onChange={(next) => onChange(next ?? 0)}
          style={{ width: 200 }}
        />
      </Form.Item>
    )
  }
  if (typeof value === 'string') {
    return (
      <Form.Item label="值">
        <Input aria-label="值" value={value} onChange={(event) => onChange(event.target.value)} />
      </Form.Item>
    )
  }
  return (
    <Form.Item label="值（JSON）">
      <Input.TextArea
        aria-label="值（JSON）"
        autoSize={{ minRows: 4, maxRows: 14 }}
        defaultValue={JSON.stringify(value, null, 2)}
        style={{ fontFamily: 'monospace' }}
        onChange={(event) => {
          try {
            onChange(JSON.parse(event.target.value))
          } catch {
            onChange(undefined)
          }
        }}
      />
    </Form.Item>
  )
}
