import { useLayoutEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button, DotLoading, Input, Toast } from 'antd-mobile'
import { applicantKind, businessType, type BusinessType } from '@seal/shared/codes/business-type'
import { MAX_OTHER_TYPE_SEALS, sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { renamesUnit, sealsLeftOut, unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { useCanApply, type CanApply } from '../api/query-can-apply.ts'
import { useRenewableSeals, useSealDetail, useUnitSeals } from '../api/seal-detail.ts'
import { sealItemOf } from '../seal-items.ts'
import { useWizard } from '../wizard-context.tsx'
import { unitApplyRoutes } from '../wizard-routes.ts'
import { useDebounced } from '../../../lib/use-debounced.ts'

/** What the picker's note asks for: a change, renewal or recovery picks among the unit's own seals. */
const pickerVerb: Partial<Record<BusinessType, string>> = { CHANGE: '变更', RENEWAL: '续期', RETRIEVE: '找回' }

/** The can-apply query waits until the code has stopped changing (001 §9). */
const CAN_APPLY_DEBOUNCE_MS = 500
const OTHER_SEAL_NAME_MAX = 20

type Option = CanApply['canApply'][number]

/**
 * 业务信息 (001 §2, §5 "Seal picker"): the seal types the unit may apply for once its credit code is valid.
 * Unit seal and legal representative seal are shown, the others under 更多; a type already applied for is
 * disabled and marked （已申请）; the required one is marked （必选）, chosen and cannot be removed.
 * Other-type seals (99) are named here, at most 20. A change of the unit name takes every seal the unit
 * holds in effect: they are chosen and locked, with the reason (the shared rule the server applies too).
 */
export function SealTypeSection() {
  const { form, update, me } = useWizard()
  const code = useDebounced(form.socialCreditCode.trim().toUpperCase(), CAN_APPLY_DEBOUNCE_MS)
  const canApply = useCanApply({ socialCreditCode: code, businessType: form.businessType, identityNo: me.personCard })
  const [more, setMore] = useState(false)
  const chosen = new Set(form.sealInfo.map((seal) => seal.sealTypeCode))
  const others = form.sealInfo.filter((seal) => seal.sealTypeCode === sealTypeCode.OTHER)
  // A change or renewal is about seals the unit holds: the one it was opened for stays chosen, others of
  // the unit's seals in effect may join (for a renewal those the server's renewal rule allows,
  // /seal/canRenewal); a type the unit does not hold cannot be changed or renewed.
  const renewing = form.businessType === businessType.RENEWAL
  const onExisting = form.businessType === businessType.CHANGE || renewing
  const validCode = isCreditCode(form.socialCreditCode)
  const unitSeals = useUnitSeals(form.socialCreditCode.trim().toUpperCase(), onExisting && !renewing && validCode)
  const renewable = useRenewableSeals(form.socialCreditCode.trim().toUpperCase(), renewing && validCode)
  const existing = (renewing ? renewable.data : unitSeals.data) ?? []
  const held = new Map(existing.filter((seal) => seal.sealTypeCode !== sealTypeCode.OTHER).map((seal) => [seal.sealTypeCode, seal]))
  const opened = new Set(form.sealInfo.filter((seal) => seal.sealId && seal.sealId === form.sealId).map((seal) => seal.sealTypeCode))
  // A new unit name (against the name on record of the seal the change was opened for) takes every seal in effect.
  const onRecord = useSealDetail(form.businessType === businessType.CHANGE ? form.sealId || undefined : undefined, form.businessType)
  const renaming = renamesUnit(form, onRecord.data?.businessName)
  const inEffect = renaming ? (unitSeals.data ?? []) : []
  const demanded = new Set(inEffect.map((seal) => seal.id))
  const demandedTypes = new Set(inEffect.map((seal) => seal.sealTypeCode))
  const lockedOf = (option: Option) =>
    onExisting
      ? opened.has(option.sealTypeCode) || demandedTypes.has(option.sealTypeCode) || (!chosen.has(option.sealTypeCode) && !held.has(option.sealTypeCode))
      : option.applied || option.required

  // The seals a renaming change must name join the list (once the unit's seals are known). Both answers change
  // the choice before the screen is painted, so no option shows a state it does not have for a frame.
  useLayoutEffect(() => {
    const all = unitSeals.data
    if (!renaming || !all) return
    update((current) => {
      const missing = new Set(sealsLeftOut(current, all))
      if (missing.size === 0) return {}
      const joining = all.filter((seal) => missing.has(seal.id))
      return { sealInfo: [...current.sealInfo, ...joining.map((seal) => sealItemOf({ sealTypeCode: seal.sealTypeCode, sealId: seal.id, sealName: seal.sealName }))] }
    })
  }, [renaming, unitSeals.data, update])

  // The answer decides: the required type is chosen, types already applied for cannot stay chosen.
  useLayoutEffect(() => {
    const options = canApply.data?.canApply
    if (!options) return
    update((current) => {
      const applied = new Set(options.filter((o) => o.applied).map((o) => o.sealTypeCode))
      const kept = current.sealInfo.filter((seal) => seal.sealId || !applied.has(seal.sealTypeCode))
      const have = new Set(kept.map((seal) => seal.sealTypeCode))
      const required = options.filter((o) => o.required && !o.applied && !have.has(o.sealTypeCode))
      if (required.length === 0 && kept.length === current.sealInfo.length) return {}
      return { sealInfo: [...kept, ...required.map((o) => sealItemOf(o))] }
    })
  }, [canApply.data, update])

  const toggle = (option: Option) => {
    if (lockedOf(option)) return
    if (chosen.has(option.sealTypeCode)) {
      update({ sealInfo: form.sealInfo.filter((seal) => seal.sealTypeCode !== option.sealTypeCode) })
    } else if (onExisting) {
      const seal = held.get(option.sealTypeCode)!
      update({ sealInfo: [...form.sealInfo, sealItemOf({ sealTypeCode: seal.sealTypeCode, sealId: seal.id, sealName: seal.sealName })] })
    } else {
      update({ sealInfo: [...form.sealInfo, sealItemOf(option)] })
    }
  }

  const addOther = () => {
    if (others.length >= MAX_OTHER_TYPE_SEALS) {
      Toast.show({ content: messages.otherSealsLimit })
      return
    }
    update({ sealInfo: [...form.sealInfo, sealItemOf({ sealTypeCode: sealTypeCode.OTHER })] })
  }

  const renameOther = (id: string, sealName: string) =>
    update({ sealInfo: form.sealInfo.map((seal) => (seal._id === id ? { ...seal, sealName } : seal)) })

  const removeOther = (id: string) => update({ sealInfo: form.sealInfo.filter((seal) => seal._id !== id) })

  const showRetrieve =
    canApply.data?.hasSeal && form.applyType === applicantKind.LEGAL_APPLY && form.businessType === businessType.APPLY

  return (
    <section className="unit-section" aria-label="业务信息">
      <h2>业务信息</h2>
      <p className="unit-section-note">请选择需要{pickerVerb[form.businessType as BusinessType] ?? '申请'}的印章类型</p>
      {!isCreditCode(form.socialCreditCode) ? (
        <p className="unit-section-note">请先填写正确的社会信用代码</p>
      ) : canApply.isPending ? (
        <div className="unit-section-note">
          <DotLoading /> 正在查询可申请的印章
        </div>
      ) : canApply.isError ? (
        <p className="unit-section-note">
          {messages.sealInfoLoadFailed}
          <Button size="mini" fill="none" color="primary" onClick={() => void canApply.refetch()}>
            重试
          </Button>
        </p>
      ) : canApply.data.canApply.length === 0 ? (
        <p className="unit-section-note">{messages.noApplicableSealTypes}</p>
      ) : (
        <SealTypeChoices
          options={canApply.data.canApply}
          chosen={chosen}
          more={more}
          locked={lockedOf}
          mark={(option) => (onExisting ? '' : option.applied ? messages.alreadyApplied : option.required ? messages.requiredChoice : '')}
          onToggle={toggle}
          onMore={() => setMore((m) => !m)}
        />
      )}
      {demanded.size > 0 && <p className="unit-section-note unit-rename-note">{unitApplyMessages.renameNeedsAllSeals}</p>}
      {others.length > 0 && (
        <div className="unit-other-seals">
          {others.map((seal, index) => (
            <div key={seal._id} className="unit-other-seal">
              <Input
                aria-label={`其他类型印章名称${index + 1}`}
                placeholder="请输入印章名称，如：项目专用章"
                value={seal.sealName}
                maxLength={OTHER_SEAL_NAME_MAX}
                onChange={(value) => renameOther(seal._id, value)}
              />
              {others.length > 1 && !demanded.has(seal.sealId) && (
                <Button size="mini" fill="none" onClick={() => removeOther(seal._id)}>
                  删除
                </Button>
              )}
            </div>
          ))}
          {/* A change or renewal is about the unit's own seals: none is added here. */}
          {!onExisting && (
            <Button size="small" fill="outline" color="primary" onClick={addOther}>
              添加其他类型印章（{messages.otherSealsLimit}）
            </Button>
          )}
        </div>
      )}
      {showRetrieve && (
        <p className="unit-section-note">
          <Link to={unitApplyRoutes.retrieve}>章已申请，找回印章</Link>
        </p>
      )}
    </section>
  )
}

/**
 * The type buttons. `mark` is what follows the name: for a new application （已申请） or （必选）; a change
 * or renewal marks nothing (its chosen seals are the unit's own, not types applied for again).
 */
function SealTypeChoices(props: {
  options: Option[]
  chosen: Set<string>
  more: boolean
  locked: (o: Option) => boolean
  mark: (o: Option) => string
  onToggle: (o: Option) => void
  onMore: () => void
}) {
  const { options, chosen, more, locked, mark, onToggle, onMore } = props
  const hidden = options.filter((o) => !o.shownByDefault && !chosen.has(o.sealTypeCode))
  const visible = options.filter((o) => more || o.shownByDefault || chosen.has(o.sealTypeCode))
  return (
    <div className="unit-seal-types" role="group" aria-label="印章类型">
      {visible.map((option) => (
        <button
          key={option.sealTypeCode}
          type="button"
          role="checkbox"
          aria-checked={chosen.has(option.sealTypeCode)}
          aria-disabled={locked(option)}
          className="unit-seal-type"
          onClick={() => onToggle(option)}
        >
          {option.sealTypeName}
          {mark(option)}
        </button>
      ))}
      {(hidden.length > 0 || more) && (
        <button type="button" className="unit-seal-more" onClick={onMore}>
          {more ? '收起' : '更多'}
        </button>
      )}
    </div>
  )
}
