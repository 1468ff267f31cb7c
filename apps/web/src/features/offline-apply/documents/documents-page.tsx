import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Dialog, ErrorBlock, Toast } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import {
  offlineMessages,
  type OfflineApplyDetail,
  type OfflineDocument,
} from '@seal/shared/api/offline-apply'
import { offlineStatus } from '@seal/shared/codes/offline-status'
import { messages } from '@seal/shared/messages'
import { offlineDetailKey, useOfflineDetail } from '../api/offline-apply-detail.ts'
import { pendingUpload } from '../api/pending-upload.ts'
import { submitTodo } from '../api/submit-todo.ts'
import { failureText } from '../failure-text.ts'
import { offlineDetailState, OfflineFrame } from '../offline-frame.tsx'
import { offlineRoutes } from '../offline-routes.ts'
import { DocumentFiles } from './document-files.tsx'

const TITLE = '上传申请材料'

/** Submitted and not yet decided: signed documents may still be added, to go with or stand in for the paper. */
const isWaitingForReview = (code: number) =>
  ([offlineStatus.SUBMITTED, offlineStatus.MAILED, offlineStatus.DOCUMENTS_UPLOADED] as number[]).includes(
    code,
  )

/**
 * `/seal-apply/operator/step-2-2?applyId=` 上传申请材料 (spec 001 §2, §4: an administrative or public
 * institution applying anew): the signed and stamped application documents, images or PDF, at most 5 of
 * 10 MB; 暂存 keeps the application to upload later (POST …/pendingUpload); 提交 submits it (step-3-1).
 * Once submitted and waiting for review, documents may still be added (not removed): 完成 goes back.
 */
export function DocumentsPage() {
  const [params] = useSearchParams()
  const applyId = params.get('applyId') ?? ''
  const detail = useOfflineDetail(applyId)
  const navigate = useNavigate()

  const state = offlineDetailState(applyId, detail)
  if ('placeholder' in state) return <OfflineFrame title={TITLE}>{state.placeholder}</OfflineFrame>
  if (
    !state.ready.mine ||
    !(state.ready.applyStatus === offlineStatus.DRAFT || isWaitingForReview(state.ready.applyStatus))
  ) {
    return (
      <OfflineFrame title={TITLE}>
        <ErrorBlock status="default" title={offlineMessages.notDraft} description="">
          <Button color="primary" onClick={() => navigate(offlineRoutes.result(applyId), { replace: true })}>
            查看申请结果
          </Button>
        </ErrorBlock>
      </OfflineFrame>
    )
  }
  return <DocumentsBody detail={state.ready} />
}

function DocumentsBody({ detail }: { detail: OfflineApplyDetail }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { applyId } = detail
  const [documents, setDocuments] = useState<OfflineDocument[]>(detail.documents)
  const [busy, setBusy] = useState<'later' | 'submit' | null>(null)
  const draft = detail.applyStatus === offlineStatus.DRAFT

  const later = async () => {
    setBusy('later')
    try {
      await pendingUpload(applyId)
      void queryClient.invalidateQueries({ queryKey: offlineDetailKey(applyId) })
      Toast.show({ icon: 'success', content: offlineMessages.savedForLater })
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(null)
    }
  }

  const submit = async () => {
    if (documents.length === 0) {
      Toast.show({ content: messages.applicationFormRequired })
      return
    }
    if (
      !(await Dialog.confirm({
        content: '提交后将不能修改申请信息，确认提交吗？',
        confirmText: '确认提交',
        cancelText: '取消',
      }))
    )
      return
    setBusy('submit')
    try {
      await submitTodo(applyId)
      void queryClient.invalidateQueries({ queryKey: offlineDetailKey(applyId) })
      navigate(offlineRoutes.result(applyId), { replace: true })
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(null)
    }
  }

  return (
    <OfflineFrame
      title={TITLE}
      onBack={() => navigate(draft ? offlineRoutes.patterns(applyId) : offlineRoutes.result(applyId))}
      progress={draft ? { step: 'documents', application: detail } : undefined}
    >
      <div className="unit-step">
        <section className="unit-section" aria-label="下载申请表">
          <h2>下载申请表</h2>
          <p className="unit-section-note">
            请下载申请表打印，由法定代表人和经办人签字并加盖单位公章后，拍照或扫描上传。
          </p>
          <div className="unit-inline-actions">
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => navigate(offlineRoutes.download(applyId))}
            >
              下载申请材料
            </Button>
            <Link className="offline-link" to={offlineRoutes.examples}>
              查看申请表示例
            </Link>
          </div>
        </section>
        <section className="unit-section" aria-label="已签字盖章的申请材料">
          <h2>上传已签字盖章的申请材料</h2>
          <DocumentFiles
            applyId={applyId}
            documents={detail.documents}
            removable={draft}
            onChanged={setDocuments}
          />
          {detail.pendingUpload && documents.length === 0 && (
            <p className="unit-section-note">您已选择稍后上传，上传后即可提交。</p>
          )}
        </section>
        {!draft && (
          <div className="unit-footer offline-footer-single">
            <Button
              block
              color="primary"
              onClick={() => {
                void queryClient.invalidateQueries({ queryKey: offlineDetailKey(applyId) })
                navigate(offlineRoutes.result(applyId), { replace: true })
              }}
            >
              完成
            </Button>
          </div>
        )}
        {draft && (
          <div className="unit-footer">
            <Button block loading={busy === 'later'} disabled={busy !== null} onClick={() => void later()}>
              暂存
            </Button>
            <Button
              block
              color="primary"
              loading={busy === 'submit'}
              disabled={busy !== null}
              onClick={() => void submit()}
            >
              提交
            </Button>
          </div>
        )}
      </div>
    </OfflineFrame>
  )
}
