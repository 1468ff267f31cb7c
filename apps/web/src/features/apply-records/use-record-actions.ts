import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import type { ApplyRecordItem } from '@seal/shared/api/unit-apply'
import type { ApplyRecordAction } from '@seal/shared/codes/apply-status'
import { messages } from '@seal/shared/messages'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { RequestError } from '../../lib/request/request.ts'
import { showToast } from '../../lib/toast/show-toast.ts'
import { applyRecordsKey } from './api/apply-page.ts'
import { deleteApplication } from './api/delete-application.ts'
import { reapplyApplication } from './api/reapply-application.ts'
import { withdrawApplication } from './api/withdraw-application.ts'
import { isOfflineRecord, recordLinks } from './record-links.ts'

export const recordActionTexts: Record<ApplyRecordAction, string> = {
  view: '查看',
  continue: '继续申请',
  delete: '删除',
  reapply: '重新申请',
  withdraw: '撤销申请',
}

/**
 * What a record's buttons do (spec 001 §4): 查看 opens the result, 继续申请 the wizard on the draft,
 * 删除 and 撤销申请 ask first and refresh the list, 重新申请 opens the wizard on a new copy. An offline-materials
 * application opens each of these but 删除 on the offline pages (recordLinks.offline).
 * `busy` names the record being worked on, so its buttons wait.
 */
export function useRecordActions() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)

  const refresh = () => queryClient.invalidateQueries({ queryKey: applyRecordsKey })

  const run = async (record: ApplyRecordItem, work: () => Promise<void>) => {
    setBusy(record.id)
    try {
      await work()
    } catch (error) {
      // The request module has told the person why.
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(null)
    }
  }

  const act = async (action: ApplyRecordAction, record: ApplyRecordItem) => {
    if (isOfflineRecord(record) && action !== 'delete') {
      navigate(recordLinks.offline[action === 'view' ? 'view' : action](record.id))
      return
    }
    switch (action) {
      case 'view':
        navigate(recordLinks.view(record.id))
        return
      case 'continue':
        navigate(recordLinks.wizard(record))
        return
      case 'delete':
        if (!(await confirmDialog({ title: '删除申请', content: '确定删除该暂存的申请吗？删除后不可恢复。' }))) return
        await run(record, async () => {
          await deleteApplication(record.id)
          showToast({ content: messages.operationSucceeded })
          await refresh()
        })
        return
      case 'withdraw':
        if (!(await confirmDialog({ title: '撤销申请', content: '确定撤销该申请吗？撤销后可重新申请。' }))) return
        await run(record, async () => {
          await withdrawApplication(record.id)
          showToast({ content: messages.applicationRevoked })
          await refresh()
        })
        return
      case 'reapply':
        await run(record, async () => {
          const copy = await reapplyApplication(record.id)
          void refresh()
          navigate(recordLinks.wizard({ ...record, id: copy.id }))
        })
        return
    }
  }

  return { act, busy }
}
