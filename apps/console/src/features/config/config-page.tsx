import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import { configDefaults, configKeys, type ConfigKey } from '@seal/shared/api/config'
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import { useState } from 'react'
import { messageOf } from '../../lib/request.ts'
import { mayCall } from '../../lib/roles.ts'
import { useMe } from '../session/api/me.ts'
import { useConfig, useRemoveConfig, useSetConfig } from './api/config.ts'
import { useConfigChannels } from './api/list-config-channels.ts'
import { checkConfigValue } from './check-value.ts'
import { configGroups, configKeyInfo, kindLabels, kindOf } from './config-keys.ts'
import { ValueEditor } from './value-editor.tsx'

type ScopeKind = 'global' | 'channel' | 'unit' | 'person'
type Row = { key: ConfigKey; value: unknown; changed: boolean }

const scopeRules: Record<'unit' | 'person', { label: string; pattern: RegExp; message: string }> = {
  unit: { label: '统一社会信用代码', pattern: /^[0-9A-Z]{18}$/, message: '请输入18位统一社会信用代码' },
  person: { label: '身份证号', pattern: /^[0-9X]{15,18}$/, message: '请输入正确的身份证号' },
}
const groupOrder: string[] = Object.values(configGroups)
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** A scope as people read it: 全局, a channel by its name, a unit or person by its number. */
function scopeNameOf(scope: string, channels: { id: string; label: string }[]): string {
  if (scope === 'global') return '全局'
  if (!scope.startsWith('channel:')) return scope
  const id = scope.slice('channel:'.length)
  return `渠道 ${channels.find((channel) => channel.id === id)?.label ?? id}`
}

function shortValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? '开' : '关'
  const text = typeof value === 'string' ? value || '（空）' : JSON.stringify(value)
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}

/**
 * 配置: the configuration in effect at a scope (global, a channel, a unit, a person), each key with its kind;
 * change or restore one. The narrowest scope wins: person, then unit, then channel, then global.
 */
export default function ConfigPage() {
  const [kind, setKind] = useState<ScopeKind>('global')
  const [identity, setIdentity] = useState('')
  const [scope, setScope] = useState('global')
  const [editing, setEditing] = useState<{ key: ConfigKey; value: unknown } | null>(null)
  const [editError, setEditError] = useState<string | null>(null)
  const config = useConfig(scope)
  const set = useSetConfig()
  const remove = useRemoveConfig()
  const me = useMe()
  const { message } = App.useApp()
  const mayWrite = mayCall(me.data?.roles ?? [], 'configWrite')
  const channels = useConfigChannels(kind === 'channel')
  const scopeName = scopeNameOf(scope, channels.data ?? [])

  const applyScope = () => {
    if (kind === 'global' || kind === 'channel') return
    const rule = scopeRules[kind]
    const value = identity.trim().toUpperCase()
    if (!rule.pattern.test(value)) return void message.error(rule.message)
    setScope(`${kind}:${value}`)
  }

  const save = async () => {
    if (!editing) return
    const problem =
      editing.value === undefined ? 'JSON 格式不正确' : checkConfigValue(editing.key, editing.value)
    if (problem) return setEditError(problem)
    try {
      await set.mutateAsync({ scope, key: editing.key, value: editing.value })
      void message.success('修改成功')
      setEditing(null)
    } catch (error) {
      // The editor stays open with what was typed.
      setEditError(messageOf(error))
    }
  }

  const rows: Row[] = config.data
    ? [...configKeys]
        .sort(
          (a, b) => groupOrder.indexOf(configKeyInfo[a].group) - groupOrder.indexOf(configKeyInfo[b].group),
        )
        .map((key) => ({
          key,
          value: config.data[key],
          changed: !same(config.data[key], configDefaults[key]),
        }))
    : []

  const columns: ProColumns<Row>[] = [
    { title: '分组', dataIndex: 'group', width: 130, render: (_, row) => configKeyInfo[row.key].group },
    {
      title: '配置项',
      dataIndex: 'key',
      width: 240,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{configKeyInfo[row.key].label}</span>
          <Typography.Text type="secondary" code>
            {row.key}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 80,
      render: (_, row) => kindLabels[kindOf(configDefaults[row.key])],
    },
    {
      title: '当前值',
      dataIndex: 'value',
      render: (_, row) => (
        <Tooltip title={configKeyInfo[row.key].help}>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{shortValue(row.value)}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: '',
      dataIndex: 'changed',
      width: 100,
      render: (_, row) => (row.changed ? <Tag color="blue">已修改</Tag> : <Tag>默认</Tag>),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 160,
      hideInTable: !mayWrite,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`修改 ${configKeyInfo[row.key].label}`}
            onClick={() => {
              setEditError(null)
              setEditing({ key: row.key, value: row.value })
            }}
          >
            修改
          </Button>
          <Popconfirm
            title={`删除「${configKeyInfo[row.key].label}」在此范围的设置？`}
            description="删除后使用上一级范围的值或默认值。"
            onConfirm={async () => {
              try {
                await remove.mutateAsync({ scope, key: row.key })
                void message.success('已恢复')
              } catch (error) {
                void message.error(messageOf(error))
              }
            }}
          >
            <Button type="link" size="small">
              恢复默认
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]

  return (
    <PageContainer
      title="配置"
      content="按身份配置：个人（身份证号）优先于单位（统一社会信用代码），单位优先于渠道（用户进入的宿主应用），渠道优先于全局，未设置的取默认值。"
    >
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <Segmented
            value={kind}
            onChange={(value) => {
              setKind(value as ScopeKind)
              if (value === 'global') setScope('global')
            }}
            options={[
              { label: '全局', value: 'global' },
              { label: '渠道', value: 'channel' },
              { label: '单位', value: 'unit' },
              { label: '个人', value: 'person' },
            ]}
          />
          {kind === 'channel' && (
            <Select
              aria-label="渠道"
              placeholder="选择渠道"
              loading={channels.isPending}
              value={scope.startsWith('channel:') ? scope.slice('channel:'.length) : undefined}
              onChange={(id: string) => setScope(`channel:${id}`)}
              options={(channels.data ?? []).map((channel) => ({
                value: channel.id,
                label: `${channel.label}（${channel.id}）`,
              }))}
              style={{ width: 280 }}
            />
          )}
          {(kind === 'unit' || kind === 'person') && (
            <Input.Search
              aria-label={scopeRules[kind].label}
              placeholder={scopeRules[kind].label}
              value={identity}
              onChange={(event) => setIdentity(event.target.value)}
              onSearch={applyScope}
              enterButton="查看"
              style={{ width: 360 }}
            />
          )}
          <Typography.Text type="secondary">当前范围：{scopeName}</Typography.Text>
        </Space>
      </Card>
      {config.isError && (
        <Alert type="error" showIcon message={messageOf(config.error)} style={{ marginBottom: 16 }} />
      )}
      <ProTable<Row>
        rowKey="key"
        headerTitle="配置项"
        columns={columns}
        dataSource={rows}
        loading={config.isFetching}
        search={false}
        pagination={false}
        options={{ reload: () => void config.refetch(), density: false, setting: false }}
      />
      <Modal
        open={Boolean(editing)}
        title={editing ? `修改「${configKeyInfo[editing.key].label}」` : ''}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText="保存"
        confirmLoading={set.isPending}
        width={640}
        destroyOnHidden
      >
        {editing && (
          <Form layout="vertical">
            <Typography.Paragraph type="secondary">
              范围：{scopeName}
              {configKeyInfo[editing.key].help ? `。${configKeyInfo[editing.key].help}` : ''}
            </Typography.Paragraph>
            <ValueEditor
              configKey={editing.key}
              value={editing.value}
              onChange={(value) => setEditing({ key: editing.key, value })}
            />
            {editError && <Alert type="error" showIcon message={editError} />}
          </Form>
        )}
      </Modal>
    </PageContainer>
  )
}
