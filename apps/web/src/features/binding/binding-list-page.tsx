import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, ErrorBlock, NavBar, Toast } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { bindingMessages, cancelProofUseType, type BindableSeal } from '@seal/shared/api/binding'
import { bindSelection } from '@seal/shared/codes/binding'
import { sealTypeLabels, type SealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { Loaded } from '../../components/loaded.tsx'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { apiLink, RequestError } from '../../lib/request/request.ts'
import { bindSeal } from './api/bind-seal.ts'
import { cancelBinding } from './api/cancel-binding.ts'
import { bindingKey } from './api/keys.ts'
import { useBindingToken } from './api/platform-token.ts'
import { useBindableSeals } from './api/query-can-bind.ts'
import { bindingCount, confirmMethodLabel, selectionOf, submitCheck } from './binding-flow.ts'
import { ConfirmUseSheet, type UseProof } from './confirm-use-sheet.tsx'
import './binding.css'

/** A unit's seals under its name; a person's own name seal under theirs, marked 个人. */
const groupTitle = (group: { businessName: string; socialCreditCode: string | null }) => (group.socialCreditCode ? group.businessName : `${group.businessName}（个人）`)

const selectionLabels = { 1: '已绑定', 2: '未选择', 3: '已选择' } as const

/**
 * `/binding-list?platformId` 选择印章 (002 §2, §4, §5): the seals the caller may bind, grouped by company. A
 * seal is selected only after its 用章确认 (password or handwriting, as its use method says), which binds it
 * to the platform (sealVerifyAndReturnSealInfo); a selected seal is unselected after a confirmed
 * cancellation with the password (a handwritten signature for a manager whose method is handwriting only). 提交绑定(selected/total) needs one selected and asks when some are left.
 */
export function BindingListPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const platformId = useSearchParams()[0].get('platformId') ?? ''
  const token = useBindingToken(platformId)
  const seals = useBindableSeals(token.data ? platformId : '')
  const [selected, setSelected] = useState<Map<string, string>>(new Map())
  const [confirming, setConfirming] = useState<{ seal: BindableSeal; action: 'bind' | 'unbind' } | null>(null)
  const count = bindingCount(seals.data, selected)

  const tap = async (seal: BindableSeal) => {
    const state = selectionOf(seal, selected)
    if (state === bindSelection.UNAVAILABLE) {
      Toast.show({ content: bindingMessages.alreadyBound })
      return
    }
    if (state === bindSelection.SELECTED) {
      const check = cancelProofUseType(seal.role, seal.useType) === 1 ? '手写签名' : '密码'
      const yes = await confirmDialog({ title: '取消选择', content: `取消选择将解除「${seal.sealName}」与该平台的绑定，需验证${check}。`, confirmText: '取消选择', cancelText: '保留' })
      if (yes) setConfirming({ seal, action: 'unbind' })
      return
    }
    setConfirming({ seal, action: 'bind' })
  }

  const confirmed = async (proof: UseProof) => {
    if (!confirming || !token.data) return
    const { seal, action } = confirming
    if (action === 'bind') {
      const bound = await bindSeal({ id: platformId, sealId: seal.id, sealCode: seal.sealCode, sealTypeCode: seal.sealTypeCode, accessToken: token.data.accessToken, ...proof }).catch((error: unknown) => {
        // A token past its 30 minutes: a fresh one is fetched for the next try.
        if (error instanceof RequestError && error.message === bindingMessages.tokenInvalid) void token.refetch()
        throw error
      })
      setSelected((current) => new Map(current).set(seal.id, bound.recordId))
    } else {
      await cancelBinding({ id: selected.get(seal.id)!, ...proof })
      setSelected((current) => {
        const next = new Map(current)
        next.delete(seal.id)
        return next
      })
    }
    setConfirming(null)
    void queryClient.invalidateQueries({ queryKey: [...bindingKey, 'platforms'] })
  }

  const submit = async () => {
    const check = submitCheck(count)
    if ('refuse' in check) {
      Toast.show({ content: check.refuse })
      return
    }
    if ('ask' in check && !(await confirmDialog({ content: check.ask }))) return
    await queryClient.invalidateQueries({ queryKey: bindingKey })
    navigate(`/binding-result/${count.selected}`, { replace: true })
  }

  return (
    <div className="binding-page">
      <NavBar onBack={() => navigate(-1)}>选择印章</NavBar>
      {token.isError ? (
        <ErrorBlock status="empty" title={token.error.message || bindingMessages.platformNotFound} description="" />
      ) : (
        <>
          {token.data && <p className="binding-platform-chosen">绑定平台：{token.data.clientName}</p>}
          <Loaded query={{ ...seals, isPending: seals.isPending || token.isPending }} isEmpty={(groups) => groups.length === 0} emptyTitle={messages.noAvailableSeal}>
            {(groups) =>
              groups.map((group) => (
                <section key={`${group.socialCreditCode ?? ''}${group.businessName}`} className="binding-group" aria-label={groupTitle(group)}>
                  <h2>{groupTitle(group)}</h2>
                  {group.list.map((seal) => (
                    <SealRow key={seal.id} seal={seal} state={selectionOf(seal, selected)} onTap={() => void tap(seal)} />
                  ))}
                </section>
              ))
            }
          </Loaded>
          <div className="binding-footer">
            <Button block color="primary" size="large" disabled={!seals.data} onClick={() => void submit()}>
              提交绑定({count.selected}/{count.total})
            </Button>
          </div>
        </>
      )}
      {confirming && (
        <ConfirmUseSheet
          open
          useType={confirming.action === 'bind' ? confirming.seal.useType : cancelProofUseType(confirming.seal.role, confirming.seal.useType)}
          subject={`${confirming.action === 'bind' ? '绑定' : '解除绑定'}：${confirming.seal.sealName}`}
          passwordLabel={confirming.seal.role === 1 ? '印章密码' : '用章密码'}
          onClose={() => setConfirming(null)}
          onSubmit={confirmed}
        />
      )}
    </div>
  )
}

function SealRow({ seal, state, onTap }: { seal: BindableSeal; state: 1 | 2 | 3; onTap: () => void }) {
  return (
    <button type="button" className={`binding-seal binding-seal-${state}`} onClick={onTap} aria-pressed={state === bindSelection.SELECTED} aria-label={`${seal.sealName}，${selectionLabels[state]}`}>
      {seal.sealPic ? (
        <img src={apiLink(seal.sealPic)} alt="" draggable={false} onContextMenu={(event) => event.preventDefault()} />
      ) : (
        <span className="binding-seal-blank" aria-hidden="true" />
      )}
      <span className="binding-seal-text">
        <strong>{seal.sealName}</strong>
        <span>{sealTypeLabels[seal.sealTypeCode as SealTypeCode] ?? seal.sealTypeCode}</span>
        <span>{confirmMethodLabel(seal.useType)}</span>
      </span>
      <span className={`binding-seal-state binding-seal-state-${state}`}>{selectionLabels[state]}</span>
    </button>
  )
}
