import type { ReviewApplicationDetail } from '@seal/shared/api/unit-apply-admin'
import { Alert, App, Button, Space } from 'antd'
import { formatTime } from '../../lib/format.ts'
import { messageOf } from '../../lib/request.ts'
import { useClaimApplication } from './api/claim-application.ts'

/**
 * Who holds the application: 领取 takes it for 15 minutes (again to renew), 放弃 lets it go; while another
 * reviewer holds it, nobody else decides it.
 */
export function ClaimBar({ detail, onChanged }: { detail: ReviewApplicationDetail; onChanged: () => void }) {
  const claim = useClaimApplication()
  const { message } = App.useApp()
  const act = async (release: boolean) => {
    try {
      await claim.mutateAsync({ id: detail.id, release })
      void message.success(release ? '已放弃' : '已领取')
    } catch (error) {
      void message.error(messageOf(error))
    }
    onChanged()
  }
  const held = detail.claim
  if (held && !held.mine) {
    return (
      <Alert
        type="warning"
        showIcon
        message={`该申请正由${held.operatorName}审核中`}
        description={`领取至 ${formatTime(held.expiresAt)}，在此之前他人不能审核。`}
        style={{ marginBottom: 16 }}
      />
    )
  }
  return (
    <Alert
      type={held ? 'success' : 'info'}
      showIcon
      message={
        held
          ? `已由我领取，至 ${formatTime(held.expiresAt)} 前他人不能审核`
          : '尚未领取：领取后他人不能同时审核该申请'
      }
      action={
        <Space>
          <Button
            type={held ? 'default' : 'primary'}
            loading={claim.isPending && !claim.variables?.release}
            onClick={() => void act(false)}
          >
            {held ? '续期' : '领取'}
          </Button>
          {held && (
            <Button loading={claim.isPending && claim.variables?.release} onClick={() => void act(true)}>
              放弃
            </Button>
          )}
        </Space>
      }
      style={{ marginBottom: 16 }}
    />
  )
}
