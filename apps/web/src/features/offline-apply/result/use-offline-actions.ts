import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Dialog, Toast } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import type { OfflineAction } from '@seal/shared/codes/offline-status'
import { messages } from '@seal/shared/messages'
import { cancelOfflineApply } from '../api/cancel-offline-apply.ts'
import { offlineDetailKey } from '../api/offline-apply-detail.ts'
import { reapplyOffline } from '../api/reapply-offline.ts'
import { failureText } from '../failure-text.ts'
import { offlineRoutes } from '../offline-routes.ts'

/** The words of each action's button (001 §4: 撤回 of the offline pages; 重新申请; 取消申请). */
export const offlineActionTexts: Record<OfflineAction, string> = {
  continue: '继续申请',
  cancel: '取消申请',
  withdraw: '撤回',
  mail: '邮寄材料',
  reapply: '重新申请',
}

/** Where 继续申请 picks up a draft: the documents when 稍后上传 was chosen, else step-1 (its 下一步 leads on). */
export const continueRoute = (detail: Pick<OfflineApplyDetail, 'applyId' | 'pendingUpload'>) =>
  detail.pendingUpload
    ? offlineRoutes.documents(detail.applyId)
    : offlineRoutes.step1({ applyId: detail.applyId })

/**
 * What an offline application's buttons do (001 §4 offline statuses, §8 "Offline"): 撤回 asks, then
 * POST …/cancel/{id} and says 撤回成功 or 撤回失败; 取消申请 closes a draft (操作成功); 重新申请 makes a new
 * draft (POST …/reApply/{id}) and opens it at step-1; 邮寄材料 and 继续申请 open their pages.
 */
export function useOfflineActions() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<OfflineAction | null>(null)

  const refresh = (applyId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: offlineDetailKey(applyId) }),
      queryClient.invalidateQueries({ queryKey: ['apply-records'] }),
    ])

  const withdraw = async (applyId: string) => {
    if (
      !(await Dialog.confirm({
        title: '撤回申请',
        content: '确定撤回该申请吗？撤回后可重新申请。',
        confirmText: '撤回',
        cancelText: '取消',
      }))
    )
      return false
    setBusy('withdraw')
    try {
      await cancelOfflineApply(applyId)
      Toast.show({ icon: 'success', content: messages.withdrawn })
      await refresh(applyId)
      return true
    } catch (error) {
      // 撤回失败, with the server's reason when it gave one (e.g. the review has decided meanwhile).
      const reason = failureText(error, '')
      Toast.show({
        content: reason ? `${messages.withdrawFailed}：${reason}` : messages.withdrawFailed,
        duration: 3000,
      })
      return false
    } finally {
      setBusy(null)
    }
  }

  const cancel = async (applyId: string) => {
    if (
      !(await Dialog.confirm({
        title: '取消申请',
        content: '确定取消该申请吗？取消后不可恢复。',
        confirmText: '确定',
        cancelText: '返回',
      }))
    )
      return false
    setBusy('cancel')
    try {
      await cancelOfflineApply(applyId)
      Toast.show({ icon: 'success', content: messages.operationSucceeded })
      await refresh(applyId)
      return true
    } catch (error) {
      Toast.show({ content: failureText(error, messages.operationError), duration: 3000 })
      return false
    } finally {
      setBusy(null)
    }
  }

  const reapply = async (applyId: string) => {
    setBusy('reapply')
    try {
      const draft = await reapplyOffline(applyId)
      void refresh(applyId)
      navigate(offlineRoutes.step1({ applyId: draft.applyId }))
    } catch (error) {
      Toast.show({ content: failureText(error, messages.operationError), duration: 3000 })
    } finally {
      setBusy(null)
    }
  }

  const act = async (action: OfflineAction, detail: OfflineApplyDetail) => {
    switch (action) {
      case 'withdraw':
        return void (await withdraw(detail.applyId))
      case 'cancel':
        return void (await cancel(detail.applyId))
      case 'reapply':
        return reapply(detail.applyId)
      case 'mail':
        return navigate(offlineRoutes.mail(detail.applyId))
      case 'continue':
        return navigate(continueRoute(detail))
    }
  }

  return { act, withdraw, busy }
}
