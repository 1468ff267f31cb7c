import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Dialog, ErrorBlock, Toast } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { offlineMessages, type OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { offlineFlowAfter, offlineStatus } from '@seal/shared/codes/offline-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { hasUniqueSealNames } from '@seal/shared/rules/names'
import { offlineDetailKey, useOfflineDetail } from '../api/offline-apply-detail.ts'
import { submitTodo } from '../api/submit-todo.ts'
import { updateSealName } from '../api/update-seal-name.ts'
import { failureText } from '../failure-text.ts'
import { offlineDetailState, OfflineFrame } from '../offline-frame.tsx'
import { offlinePage, offlineRoutes } from '../offline-routes.ts'
import { PatternCard } from './pattern-card.tsx'

const TITLE = '上传印章图样'

/**
 * `/seal-apply/operator/step-2-1?applyId=` 上传印章图样 (spec 001 §2, §5 "Seal pattern required", §9 10 MB
 * offline): one pattern photo per seal, other-type seals named (POST …/updateSealName). 下一步: an
 * administrative or public institution applying anew uploads its signed documents (step-2-2); everyone
 * else submits (POST …/submitTodo) and sees the result (step-3-1).
 */
export function SealPatternPage() {
  const [params] = useSearchParams()
  const applyId = params.get('applyId') ?? ''
  const detail = useOfflineDetail(applyId)
  const navigate = useNavigate()

  const state = offlineDetailState(applyId, detail)
  if ('placeholder' in state) return <OfflineFrame title={TITLE}>{state.placeholder}</OfflineFrame>
  if (state.ready.applyStatus !== offlineStatus.DRAFT || !state.ready.mine) {
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
  return <PatternsBody detail={state.ready} />
}

function PatternsBody({ detail }: { detail: OfflineApplyDetail }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { applyId } = detail
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(detail.gaSealTypeInfos.map((seal) => [seal.id, seal.sealName])),
  )
  const [busy, setBusy] = useState(false)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: offlineDetailKey(applyId) })
  const others = detail.gaSealTypeInfos.filter((seal) => seal.sealType === sealTypeCode.OTHER)

  /** Other-type names as typed, saved when they differ from the server's. */
  const saveNames = async () => {
    const changed = others.filter((seal) => (names[seal.id] ?? '').trim() !== seal.sealName)
    if (changed.length === 0) return
    await updateSealName(
      applyId,
      changed.map((seal) => ({ id: seal.id, name: (names[seal.id] ?? '').trim() })),
    )
  }

  const problem = (): string | null => {
    if (detail.gaSealTypeInfos.some((seal) => !seal.sealPicFileId)) return messages.sealPatternRequired
    const typed = others.map((seal) => (names[seal.id] ?? '').trim())
    if (typed.some((name) => !name)) return messages.otherSealNameRequired
    if (!hasUniqueSealNames(typed)) return messages.otherSealNameDuplicate
    return null
  }

  const next = async () => {
    const wrong = problem()
    if (wrong) {
      Toast.show({ content: wrong, duration: 3000 })
      return
    }
    const page = offlineFlowAfter('step-2-1', detail)
    if (
      page === 'step-3-1' &&
      !(await Dialog.confirm({
        content: '提交后将不能修改申请信息，确认提交吗？',
        confirmText: '确认提交',
        cancelText: '取消',
      }))
    )
      return
    setBusy(true)
    try {
      await saveNames()
      if (page === 'step-3-1') await submitTodo(applyId)
      refresh()
      navigate(offlinePage(page, applyId))
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  const back = async () => {
    try {
      await saveNames()
    } catch {
      // The names stay on this screen's draft; step-1 does not show them.
    }
    navigate(offlineRoutes.step1({ applyId }))
  }

  return (
    <OfflineFrame
      title={TITLE}
      onBack={() => void back()}
      progress={{ step: 'patterns', application: detail }}
    >
      <div className="unit-step">
        <p className="offline-intro">
          请在白纸上加盖实体印章，拍照上传清晰完整的印章图样（单张不超过10MB）。
          <Link to={offlineRoutes.sealExample}>查看印章图样示例</Link>
        </p>
        {detail.gaSealTypeInfos.map((seal) => (
          <PatternCard
            key={seal.id}
            applyId={applyId}
            seal={seal}
            name={names[seal.id] ?? ''}
            onName={(name) => setNames((all) => ({ ...all, [seal.id]: name }))}
            onChanged={refresh}
          />
        ))}
        <div className="unit-footer">
          <Button block disabled={busy} onClick={() => void back()}>
            上一步
          </Button>
          <Button block color="primary" loading={busy} onClick={() => void next()}>
            {offlineFlowAfter('step-2-1', detail) === 'step-3-1' ? '提交' : '下一步'}
          </Button>
        </div>
      </div>
    </OfflineFrame>
  )
}
