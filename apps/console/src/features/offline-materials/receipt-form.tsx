import { ModalForm, ProFormCheckbox, ProFormTextArea } from '@ant-design/pro-components'
import type { OfflineMaterialsItem } from '@seal/shared/api/unit-apply-admin'
import { useMutation } from '@tanstack/react-query'
import { Alert, App, Button } from 'antd'
import { queryClient } from '../../app/query-client.ts'
import { api, messageOf } from '../../lib/request.ts'

type Fields = { checked: string[]; note?: string }

/** POST /admin/offline-materials/:id/receipt: the package arrived; each listed material found or missing. */
const useRecordReceipt = () =>
  useMutation({
    mutationFn: ({ id, ...body }: { id: string; checked: string[]; missing: string[]; note?: string }) =>
      api<OfflineMaterialsItem>('POST', `/admin/offline-materials/${encodeURIComponent(id)}/receipt`, {
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })

/** 签收材料: tick what the package held of the consignee's list; the rest is recorded as missing. */
export function ReceiptForm({ item }: { item: OfflineMaterialsItem }) {
  const record = useRecordReceipt()
  const { message } = App.useApp()
  return (
    <ModalForm<Fields>
      title={`签收材料 · ${item.unitName}`}
      trigger={
        <Button type="link" size="small">
          {item.receipt ? '重新签收' : '签收材料'}
        </Button>
      }
      width={600}
      modalProps={{ destroyOnHidden: true, okText: '签收' }}
      initialValues={{ checked: item.receipt?.checked ?? [], note: item.receipt?.note ?? '' }}
      onFinish={async ({ checked, note }) => {
        try {
          const missing = item.materials.filter((material) => !checked.includes(material))
          await record.mutateAsync({ id: item.id, checked, missing, note: note?.trim() || undefined })
          void message.success(missing.length ? `已签收，缺少 ${missing.length} 项材料` : '已签收，材料齐全')
          return true
        } catch (error) {
          void message.error(messageOf(error))
          return false
        }
      }}
    >
      {item.delivery && (
        <Alert
          type="info"
          showIcon
          message={`快递：${item.delivery.deliverCompany} ${item.delivery.deliverNo}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <ProFormCheckbox.Group
        name="checked"
        label="收到的材料"
        layout="vertical"
        options={item.materials}
        extra="未勾选的材料记为缺少"
      />
      <ProFormTextArea name="note" label="备注" fieldProps={{ maxLength: 500, showCount: true }} />
    </ModalForm>
  )
}
