import { Alert, Modal, Typography } from 'antd'
import type { ReactNode } from 'react'

export type ShownOnceSecret = { title: string; label: string; value: string; extra?: ReactNode }

/**
 * A secret the server answers once (an initial password, an API key, a platform's client secret): shown
 * with a copy button until the operator closes it, never again.
 */
export function ShownOnceModal({ secret, onClose }: { secret: ShownOnceSecret | null; onClose: () => void }) {
  return (
    <Modal
      open={Boolean(secret)}
      title={secret?.title}
      onOk={onClose}
      onCancel={onClose}
      okText="我已保存"
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      {secret && (
        <>
          <Alert
            type="warning"
            showIcon
            message="仅显示这一次，关闭后无法再次查看，请立即复制并妥善保存。"
            style={{ marginBottom: 16 }}
          />
          {secret.extra}
          <Typography.Text type="secondary">{secret.label}</Typography.Text>
          <Typography.Paragraph
            code
            copyable={{ text: secret.value, tooltips: [`复制${secret.label}`, '已复制'] }}
            style={{ fontSize: 16, wordBreak: 'break-all', marginTop: 4 }}
          >
            {secret.value}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  )
}
