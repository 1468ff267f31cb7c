import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Dialog, Toast } from 'antd-mobile'
import { sealAuthMessages, type AuthorizationItem } from '@seal/shared/api/seal-auth'
import { authUseType, useTypeLabels } from '@seal/shared/codes/authorization'
import { beijingDottedDate } from '@seal/shared/text/beijing-time'
import { post } from '../../lib/request/request.ts'

/** The use method in the words of the form: 0 and 1 are both signature (000 §3). */
const useTypeName = (useType: number) => useTypeLabels[(useType === 0 ? 1 : useType) as 1 | 2 | 3] ?? ''

/**
 * What the seal user is asked to accept, before 接受授权 (issue #19 §4): the seal, its unit, who grants it,
 * use or management, the use method and the period. They may decline instead: their own authorisation
 * ended (POST /sealAuth/cancelAuthByParams, the seal user's 取消授权 of 000 §2), after asking.
 */
export function WaitingAuthorisation({ item }: { item: AuthorizationItem }) {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const decline = async () => {
    if (!(await Dialog.confirm({ title: '拒绝授权', content: sealAuthMessages.declineConfirm, confirmText: '确认拒绝', cancelText: '再想想' }))) return
    setBusy(true)
    try {
      await post<null>('/sealAuth/cancelAuthByParams', { sealId: item.sealId })
      Toast.show({ icon: 'success', content: sealAuthMessages.declined })
      navigate('/home', { replace: true })
    } catch {
      // The request module said why.
    } finally {
      setBusy(false)
    }
  }
  const rows: [string, string][] = [
    ['印章', item.sealName],
    ['单位', item.businessName],
    ['授权人', item.grantorName],
    ['授权事项', item.authUseType === authUseType.MANAGE ? '授权管理' : '授权使用'],
    ['用章方式', useTypeName(item.useType)],
    ['授权期限', `${beijingDottedDate(item.startTime)} 至 ${beijingDottedDate(item.endTime)}`],
  ]
  return (
    <section className="seal-auth-card seal-auth-waiting" aria-label="待接受的授权">
      <h2>请核对授权信息</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Button block fill="none" size="small" loading={busy} onClick={() => void decline()}>
        拒绝授权
      </Button>
    </section>
  )
}
