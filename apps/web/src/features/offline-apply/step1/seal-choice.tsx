import { useEffect } from 'react'
import { Button, DotLoading, Input, Toast } from 'antd-mobile'
import { OFFLINE_MAX_OTHER_SEALS } from '@seal/shared/api/offline-apply'
import { offlineBusinessType, type OfflineBusinessType } from '@seal/shared/codes/offline-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { isCreditCode } from '@seal/shared/rules/credit-code'
import { SEAL_NAME_MAX_LENGTH } from '@seal/shared/rules/names'
import { useOfflineSealOptions, type OfflineSealOption } from '../api/offline-seal-info.ts'
import { sealRow, type OfflineForm, type OfflineSealRow } from '../offline-form.ts'

const verbs: Record<OfflineBusinessType, string> = { 1: '申请', 3: '变更', 4: '续期' }

/** An option's key: its seal for a change or renewal, its type for a new application. */
const keyOf = (option: OfflineSealOption) => option.sealId || option.sealTypeCode

/**
 * 印章类型 (001 §5 "at least one seal type … official seal 01 must be selected if available"): for a new
 * application the types the unit may apply for (POST …/seal/info), the required one chosen and locked,
 * those already applied for disabled; other-type seals (99) named here, at most 20. A change or renewal
 * picks among the unit's own seals.
 */
export function SealChoice({
  form,
  update,
}: {
  form: OfflineForm
  update: (patch: Partial<OfflineForm> | ((form: OfflineForm) => Partial<OfflineForm>)) => void
}) {
  const type = form.businessType as OfflineBusinessType
  const options = useOfflineSealOptions(form.socialCode, type)
  const fresh = type === offlineBusinessType.APPLY
  const rows = form.gaSealTypeInfos
  const others = rows.filter((row) => row.sealType === sealTypeCode.OTHER && !row.sealId)
  const chosen = new Set(rows.map((row) => (fresh ? row.sealType : row.sealId || row.sealType)))

  // The answer decides: the required type is chosen; a type the unit can no longer apply for leaves.
  useEffect(() => {
    const answer = options.data
    if (!answer || !fresh) return
    update((current) => {
      const blocked = new Set(answer.filter((o) => o.applied || !o.canMake).map((o) => o.sealTypeCode))
      const kept = current.gaSealTypeInfos.filter(
        (row) => row.sealType === sealTypeCode.OTHER || !blocked.has(row.sealType),
      )
      const have = new Set(kept.map((row) => row.sealType))
      // A saved draft keeps its choice: a reapplication holds only the rejected seals, and the unit seal
      // approved before is not applied for again (the answer cannot tell a stranger the unit holds it).
      const required =
        current.applyId && current.gaSealTypeInfos.length > 0
          ? []
          : answer.filter((o) => o.required && !o.applied && o.canMake && !have.has(o.sealTypeCode))
      if (required.length === 0 && kept.length === current.gaSealTypeInfos.length) return {}
      return { gaSealTypeInfos: [...kept, ...required.map((o) => sealRow({ sealType: o.sealTypeCode }))] }
    })
  }, [options.data, fresh, update])

  // The required type, once chosen, stays chosen; a draft without it (a reapplication) may add it.
  const locked = (option: OfflineSealOption) =>
    !option.canMake || option.applied || (fresh && option.required && chosen.has(keyOf(option)))

  const toggle = (option: OfflineSealOption) => {
    if (locked(option)) return
    const key = keyOf(option)
    if (chosen.has(key)) {
      update({
        gaSealTypeInfos: rows.filter((row) => (fresh ? row.sealType : row.sealId || row.sealType) !== key),
      })
      return
    }
    if (fresh && option.sealTypeCode === sealTypeCode.OTHER) {
      addOther()
      return
    }
    update({
      gaSealTypeInfos: [
        ...rows,
        sealRow({
          sealType: option.sealTypeCode,
          sealId: option.sealId,
          sealName: option.sealName,
          sealCode: option.sealCode,
        }),
      ],
    })
  }

  const addOther = () => {
    if (others.length >= OFFLINE_MAX_OTHER_SEALS) {
      Toast.show({ content: messages.otherSealsLimit })
      return
    }
    update({ gaSealTypeInfos: [...rows, sealRow({ sealType: sealTypeCode.OTHER })] })
  }
  const rename = (row: OfflineSealRow, sealName: string) =>
    update({ gaSealTypeInfos: rows.map((r) => (r._key === row._key ? { ...r, sealName } : r)) })
  const remove = (row: OfflineSealRow) => update({ gaSealTypeInfos: rows.filter((r) => r._key !== row._key) })

  return (
    <section className="unit-section" aria-label="印章类型">
      <h2>印章类型</h2>
      <p className="unit-section-note">请选择需要{verbs[type] ?? '申请'}的印章</p>
      {!isCreditCode(form.socialCode.trim().toUpperCase()) ? (
        <p className="unit-section-note">请先填写正确的社会信用代码</p>
      ) : options.isPending ? (
        <div className="unit-section-note">
          <DotLoading /> 正在查询可申请的印章
        </div>
      ) : options.isError ? (
        <p className="unit-section-note" role="alert">
          {messages.sealInfoLoadFailed}
          <Button size="mini" fill="none" color="primary" onClick={() => void options.refetch()}>
            重试
          </Button>
        </p>
      ) : options.data.length === 0 ? (
        <p className="unit-section-note">
          {fresh
            ? messages.noApplicableSealTypes
            : type === offlineBusinessType.CHANGE
              ? messages.noChangeableSeals
              : messages.noRenewableSeals}
        </p>
      ) : (
        <div className="unit-seal-types" role="group" aria-label="印章类型">
          {options.data.map((option) => (
            <button
              key={keyOf(option)}
              type="button"
              role="checkbox"
              aria-checked={
                fresh && option.sealTypeCode === sealTypeCode.OTHER
                  ? others.length > 0
                  : chosen.has(keyOf(option))
              }
              aria-disabled={locked(option)}
              className="unit-seal-type"
              onClick={() => toggle(option)}
            >
              {(!fresh && option.sealName) || option.sealTypeName}
              {fresh &&
                (option.applied ? messages.alreadyApplied : option.required ? messages.requiredChoice : '')}
            </button>
          ))}
        </div>
      )}
      {fresh && others.length > 0 && (
        <div className="unit-other-seals">
          {others.map((row, index) => (
            <div key={row._key} className="unit-other-seal">
              <Input
                aria-label={`其他类型印章名称${index + 1}`}
                placeholder="请输入印章名称，如：项目专用章"
                value={row.sealName}
                maxLength={SEAL_NAME_MAX_LENGTH}
                onChange={(value) => rename(row, value)}
              />
              {/* 001 §5: removal only when more than one (the type's button takes them all away). */}
              {others.length > 1 && (
                <Button size="mini" fill="none" onClick={() => remove(row)}>
                  删除
                </Button>
              )}
            </div>
          ))}
          <Button size="small" fill="outline" color="primary" onClick={addOther}>
            添加其他类型印章（{messages.otherSealsLimit}）
          </Button>
        </div>
      )}
    </section>
  )
}
