import { useLayoutEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Dialog, DotLoading, Toast } from 'antd-mobile'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { olderApplyMessages } from '@seal/shared/rules/older-apply'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { useUnitSealFacts } from './api/seal-records.ts'
import { emptySeal, type DraftPatch, type OlderDraft, type OlderSeal } from './older-draft.ts'
import { olderApplyRoutes } from './older-routes.ts'
import { sealOptionsOf, type SealOption } from './seal-options.ts'

/** What follows an option's name: why it is chosen, locked or not choosable. */
const markOf: Record<SealOption['kind'], string> = {
  apply: '',
  official: messages.requiredChoice,
  activate: '（待激活）',
  pendingActivation: '（待激活）',
  inEffect: '（已生效）',
  changing: '（变更中）',
  applying: '（申请中）',
}

/**
 * 选择印章类型 of step 1 (spec 001 §4 "Seal-type choice", "Seal status from the existing-record query"): the unit
 * seal chosen and locked for a new application; a seal awaiting making (7) chosen and locked, to be activated;
 * one pending activation (4) sends the applicant to /seal-active/step-1; one in effect is a change
 * (/seal-change); one changing or in application cannot be chosen.
 */
export function SealTypeChoice({
  draft,
  onChange,
}: {
  draft: OlderDraft
  onChange: (patch: DraftPatch) => void
}) {
  const navigate = useNavigate()
  const facts = useUnitSealFacts(draft.socialCreditCode)
  const options = facts.data ? sealOptionsOf(facts.data) : []
  // Each answer about the unit sets the choice again by the rules, keeping what is still makeable; before the
  // screen is painted, so the options never show unchosen for a frame (nor can be tapped in that state).
  const answered = useRef<unknown>(null)
  useLayoutEffect(() => {
    if (!facts.data || answered.current === facts.data) return
    answered.current = facts.data
    const fresh = sealOptionsOf(facts.data)
    onChange((current) => initialChoice(fresh, current.seals))
  }, [facts.data, onChange])
  const chosen = new Set(draft.seals.map((seal) => seal.sealTypeCode))

  const choose = (option: SealOption) => {
    const item = emptySeal(option.sealTypeCode, option.sealTypeName, option._recordsNumber)
    onChange({ seals: [...draft.seals, item] })
  }
  const drop = (option: SealOption) =>
    onChange({ seals: draft.seals.filter((seal: OlderSeal) => seal.sealTypeCode !== option.sealTypeCode) })

  const tap = async (option: SealOption) => {
    switch (option.kind) {
      case 'official':
        if (chosen.has(option.sealTypeCode)) Toast.show({ content: olderApplyMessages.officialSealLocked })
        else choose(option)
        return
      case 'apply':
        if (chosen.has(option.sealTypeCode)) drop(option)
        else choose(option)
        return
      case 'activate':
        Toast.show({ content: olderApplyMessages.awaitingActivationLocked })
        return
      case 'changing':
        Toast.show({ content: olderApplyMessages.sealChanging })
        return
      case 'applying':
        Toast.show({ content: olderApplyMessages.sealApplying })
        return
      case 'pendingActivation':
        if (
          await Dialog.confirm({
            content: olderApplyMessages.pendingActivation,
            confirmText: '去激活',
            cancelText: '取消',
          })
        )
          navigate(olderApplyRoutes.activate)
        return
      case 'inEffect':
        if (
          await Dialog.confirm({
            content: olderApplyMessages.sealInEffect,
            confirmText: '去变更',
            cancelText: '取消',
          })
        )
          navigate(olderApplyRoutes.change)
    }
  }

  return (
    <section className="unit-section" aria-label="选择印章类型">
      <h2>选择印章类型</h2>
      {!isCreditCode(draft.socialCreditCode.trim().toUpperCase()) ? (
        <p className="unit-section-note">请先上传营业执照或填写正确的社会信用代码</p>
      ) : facts.isPending ? (
        <div className="unit-section-note">
          <DotLoading /> 正在查询可申请的印章
        </div>
      ) : facts.isError ? (
        <p className="unit-section-note">
          {messages.sealInfoLoadFailed}
          <Button size="mini" fill="none" color="primary" onClick={() => void facts.refetch()}>
            重试
          </Button>
        </p>
      ) : options.every((option) => !option.canMake && option.kind !== 'activate') ? (
        <p className="unit-section-note">{messages.noApplicableSealTypes}</p>
      ) : (
        <div className="unit-seal-types" role="group" aria-label="印章类型">
          {options.map((option) => (
            <button
              key={option.sealTypeCode}
              type="button"
              role="checkbox"
              aria-checked={
                chosen.has(option.sealTypeCode) || draft.activations.includes(option.sealTypeCode)
              }
              aria-disabled={
                option.kind !== 'apply' && !(option.kind === 'official' && !chosen.has(option.sealTypeCode))
              }
              className="unit-seal-type"
              onClick={() => void tap(option)}
            >
              {option.sealTypeName}
              {markOf[option.kind]}
            </button>
          ))}
        </div>
      )}
      {chosen.has(sealTypeCode.OTHER) && (
        <p className="unit-section-note">
          其他类型印章的名称在设置密码一步填写，可添加多枚（{messages.otherSealsLimit}）。
        </p>
      )}
      {draft.activations.length > 0 && (
        <p className="unit-section-note unit-review-note">
          待激活的印章请在电子印章激活中办理，本次申请只包含新申请的印章。
        </p>
      )}
    </section>
  )
}

/**
 * The choice as the page opens (001 §4): the options chosen by the rules (the unit seal), kept with what the
 * draft already chose of the types still makeable; the types awaiting activation, locked.
 */
export function initialChoice(
  options: SealOption[],
  seals: OlderSeal[],
): Pick<OlderDraft, 'seals' | 'activations'> {
  const makeable = new Map(
    options.filter((option) => option.canMake).map((option) => [option.sealTypeCode, option]),
  )
  const kept = seals
    .filter((seal) => makeable.has(seal.sealTypeCode))
    .map((seal) => ({ ...seal, records: makeable.get(seal.sealTypeCode)!._recordsNumber }))
  const keptTypes = new Set(kept.map((seal) => seal.sealTypeCode))
  const preselected = options.filter(
    (option) => option.canMake && option.chooseStatus && !keptTypes.has(option.sealTypeCode),
  )
  return {
    seals: [
      ...kept,
      ...preselected.map((option) =>
        emptySeal(option.sealTypeCode, option.sealTypeName, option._recordsNumber),
      ),
    ],
    activations: options.filter((option) => option.kind === 'activate').map((option) => option.sealTypeCode),
  }
}
