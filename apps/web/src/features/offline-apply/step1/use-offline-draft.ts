import { useCallback, useEffect, useRef, useState } from 'react'
import { Dialog } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import { offlineStatus, type OfflineBusinessType } from '@seal/shared/codes/offline-status'
import { messages, messageTemplates } from '@seal/shared/messages'
import { firstApplyDetail } from '../api/first-apply-detail.ts'
import { getOfflineDetail } from '../api/offline-apply-detail.ts'
import { failureText } from '../failure-text.ts'
import { clearOfflineMirror, readOfflineMirror } from '../form-mirror.ts'
import { formOfOfflineDetail, freshOfflineForm, type OfflineForm } from '../offline-form.ts'

export type DraftState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** Not a draft of the caller's any more: its result page shows it. */
  | { status: 'submitted'; applyId: string }
  | { status: 'ready'; form: OfflineForm; managerPasswordSet: boolean }

/**
 * Step-1's starting form (001 §4 "A saved older-flow draft prompts to continue"): the draft `applyId`
 * names; else the caller's open offline draft, after 检测到您有暂存的数据，是否继续申请?; else a fresh form.
 * What was typed after the last save (the sessionStorage copy) wins over the server's copy.
 */
export function useOfflineDraft(input: {
  applyId: string
  businessType: OfflineBusinessType
  me: LoginInfo | undefined
}) {
  const { applyId, businessType, me } = input
  const [state, setState] = useState<DraftState>({ status: 'loading' })
  const started = useRef(false)

  const load = useCallback(async () => {
    if (!me) return
    setState({ status: 'loading' })
    let id = applyId
    try {
      if (!id) {
        const latest = await firstApplyDetail({
          personIdentity: me.personCard,
          socialCode: me.kind === 'enterprise' ? (me.socialCreditCode ?? '') : '',
        })
        const open =
          latest &&
          latest.mine &&
          latest.applyStatus === offlineStatus.DRAFT &&
          latest.businessType === businessType
            ? latest
            : null
        if (
          open &&
          (await Dialog.confirm({ content: messages.draftFound, confirmText: '是', cancelText: '否' }))
        ) {
          id = open.applyId
        } else {
          if (open) clearOfflineMirror()
          const kept = readOfflineMirror('', businessType)
          setState({
            status: 'ready',
            form: kept ?? freshOfflineForm(me, businessType),
            managerPasswordSet: false,
          })
          return
        }
      }
      const detail = await getOfflineDetail(id)
      if (detail.applyStatus !== offlineStatus.DRAFT || !detail.mine) {
        setState({ status: 'submitted', applyId: detail.applyId })
        return
      }
      const kept = readOfflineMirror(detail.applyId, detail.businessType)
      setState({
        status: 'ready',
        form: kept ? { ...kept, applyId: detail.applyId } : formOfOfflineDetail(detail),
        managerPasswordSet: detail.sealManagerPasswordSet,
      })
    } catch (error) {
      setState({
        status: 'error',
        message: messageTemplates.draftLoadFailed(failureText(error, messages.queryFailed)),
      })
    }
  }, [applyId, businessType, me])

  useEffect(() => {
    if (!me || started.current) return
    started.current = true
    void load()
  }, [me, load])

  return { state, retry: load }
}
