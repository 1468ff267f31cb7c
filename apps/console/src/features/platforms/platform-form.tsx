import { ModalForm, ProFormDigit, ProFormText, ProFormTextArea } from '@ant-design/pro-components'
import { platformFields, type PlatformFields, type PlatformView } from '@seal/shared/api/platforms-admin'
import { App } from 'antd'
import type { ReactElement } from 'react'
import { messageOf } from '../../lib/request.ts'
import { zodRule } from '../../lib/zod-rule.ts'

type FormValues = {
  clientName: string
  platformType: string
  usageNotes?: string
  totality?: number | null
  apiUrl?: string
  sdkUrl?: string
  webhookUrl?: string
  rateLimitPerMinute?: number
}

const field = platformFields.shape
const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null)

/** What the form holds as the call's body: empty addresses and notes are none. */
export function bodyOf(values: FormValues): PlatformFields {
  return {
    clientName: values.clientName.trim(),
    platformType: values.platformType.trim(),
    usageNotes: blankToNull(values.usageNotes),
    totality: values.totality ?? null,
    apiUrl: blankToNull(values.apiUrl),
    sdkUrl: blankToNull(values.sdkUrl),
    webhookUrl: blankToNull(values.webhookUrl),
    ...(values.rateLimitPerMinute ? { rateLimitPerMinute: values.rateLimitPerMinute } : {}),
  }
}

/** 登记平台 and 编辑: the same fields, each checked by the server's own rule. */
export function PlatformForm({
  title,
  trigger,
  platform,
  onSubmit,
}: {
  title: string
  trigger: ReactElement
  platform?: PlatformView
  onSubmit: (body: PlatformFields) => Promise<unknown>
}) {
  const { message } = App.useApp()
  return (
    <ModalForm<FormValues>
      title={title}
      trigger={trigger}
      width={640}
      modalProps={{ destroyOnHidden: true, maskClosable: false, okText: '确定' }}
      initialValues={
        platform
          ? {
              clientName: platform.clientName,
              platformType: platform.platformType,
              usageNotes: platform.usageNotes ?? '',
              totality: platform.totality,
              apiUrl: platform.apiUrl ?? '',
              sdkUrl: platform.sdkUrl ?? '',
              webhookUrl: platform.webhookUrl ?? '',
              rateLimitPerMinute: platform.rateLimitPerMinute,
            }
          : { rateLimitPerMinute: 600 }
      }
      onFinish={async (values) => {
        try {
          await onSubmit(bodyOf(values))
          return true
        } catch (error) {
          void message.error(messageOf(error))
          return false
        }
      }}
    >
      <ProFormText
        name="clientName"
        label="平台名称"
        rules={[zodRule(field.clientName, { required: '请输入平台名称' })]}
      />
      <ProFormText
        name="platformType"
        label="平台类型"
        placeholder="如：OA、政务服务"
        rules={[zodRule(field.platformType, { required: '请输入平台类型' })]}
      />
      <ProFormTextArea name="usageNotes" label="用途说明" fieldProps={{ maxLength: 500, showCount: true }} />
      <ProFormText
        name="webhookUrl"
        label="Webhook 地址"
        placeholder="https://"
        rules={[zodRule(field.webhookUrl.unwrap().unwrap())]}
      />
      <ProFormText
        name="apiUrl"
        label="接口地址"
        placeholder="https://"
        rules={[zodRule(field.apiUrl.unwrap().unwrap())]}
      />
      <ProFormText
        name="sdkUrl"
        label="SDK 地址"
        placeholder="https://"
        rules={[zodRule(field.sdkUrl.unwrap().unwrap())]}
      />
      <ProFormDigit
        name="rateLimitPerMinute"
        label="每分钟请求上限"
        min={1}
        max={100_000}
        fieldProps={{ precision: 0 }}
        rules={[zodRule(field.rateLimitPerMinute.unwrap())]}
      />
      <ProFormDigit
        name="totality"
        label="用章总量上限"
        min={0}
        max={1_000_000}
        fieldProps={{ precision: 0 }}
        extra="不填为不限"
      />
    </ModalForm>
  )
}
