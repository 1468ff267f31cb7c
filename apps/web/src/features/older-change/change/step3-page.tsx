import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, Toast } from 'antd-mobile'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { businessType, changeType as changeTypes, type ChangeType } from '@seal/shared/codes/business-type'
import { messages, ownMessages } from '@seal/shared/messages'
import { sealNameFor } from '@seal/shared/rules/seal-names'
import { needsNewPicture, step2Problem } from '@seal/shared/rules/unit-apply'
import { ImpressionField } from '../../unit-apply/step2/impression-field.tsx'
import { failureText, useWizard } from '../../unit-apply/wizard-context.tsx'
import { OlderWizard } from '../older-wizard.tsx'
import { PasswordPair } from '../../unit-apply/step2/password-pair.tsx'
import { olderChangeRoutes } from '../routes.ts'

/** The change type of the address (001 §4: '1', '2', '3'); anything else asks for every picture. */
const typeOf = (value: string | undefined): ChangeType => ((Object.values(changeTypes) as string[]).includes(value ?? '') ? (value as ChangeType) : changeTypes.NAME_OR_REGION)

/** What the page says each type changes. */
const typeNotes: Record<ChangeType, string> = {
  '0': '',
  '1': '法定代表人已变更：请上传新的法定代表人名章印模照片，其他印章沿用原有印面。',
  '2': '法定代表人已变更：印章印面不变，无需上传印章图片。',
  '3': '单位名称或注册地已变更：请为每枚印章上传新的印模照片。',
}

/** `/seal-change/step-3/:changeTypes` 设置印章密码 (001 §2 "seal images and password"). */
export function ChangeStep3Page() {
  return (
    <OlderWizard kind={businessType.CHANGE} current={2} title="印章变更">
      <SealPictureStep />
    </OlderWizard>
  )
}

/**
 * The pictures the change type needs (001 §4 "Seal images needed: '1' only type 05; '2' none; '3' all"),
 * each seal named as it will be, and the seal password; 下一步 saves through the new wizard's save, whose
 * server checks steps 1 and 2 again (the type there is the server's own), then 授权关系管理.
 */
function SealPictureStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { changeTypes: param } = useParams()
  const type = typeOf(param)
  const { form, flags, update } = wizard
  const [busy, setBusy] = useState(false)

  const patchSeal = (id: string, patch: Partial<ApplySealItem>) =>
    update((current) => ({ sealInfo: current.sealInfo.map((seal) => (seal._id === id ? { ...seal, ...patch } : seal)) }))

  const next = async () => {
    const current = wizard.current()
    const problem = step2Problem(current, { applicantIdentityNo: wizard.me.personCard, legalPasswordSet: flags.legalPasswordSet, changeType: type })
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    setBusy(true)
    try {
      const id = await wizard.saveAndMove('3-1')
      // Sent once; the server holds the hash now.
      update({ legalPassword: undefined, legalPasswordConfirm: undefined })
      wizard.setFlags({ legalPasswordSet: true })
      navigate(olderChangeRoutes.changeStep4({ sealId: current.sealId, id }))
    } catch (error) {
      Toast.show({ content: failureText(error, messages.serverError), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="unit-step">
      <p className="older-lead">{typeNotes[type]}</p>
      <section className="unit-section" aria-label="印章图片">
        <h2>印章图片</h2>
        {form.sealInfo.map((seal) => {
          const shown = sealNameFor(seal, form, form.unitName.trim())
          return (
            <div key={seal._id} className="unit-seal-card">
              <div className="unit-seal-card-head">
                <strong>{seal.sealTypeName}</strong>
                {shown !== seal.sealTypeName && <span>{shown}</span>}
              </div>
              {needsNewPicture(form, seal.sealTypeCode, type) ? (
                <ImpressionField seal={{ ...seal, sealName: shown }} unitName={form.unitName.trim() || undefined} onChange={(patch) => patchSeal(seal._id, patch)} />
              ) : (
                <p className="unit-section-note">本次变更不涉及该印章的印面，沿用原有的印章图片。</p>
              )}
            </div>
          )
        })}
      </section>
      <PasswordPair
        title="印章密码"
        hint={ownMessages.sealPinHint}
        set={flags.legalPasswordSet}
        value={form.legalPassword ?? ''}
        confirm={form.legalPasswordConfirm ?? ''}
        onChange={(legalPassword, legalPasswordConfirm) => update({ legalPassword, legalPasswordConfirm })}
      />
      <div className="unit-footer unit-footer-three">
        <Button block onClick={() => void wizard.saveDraft()}>
          暂存
        </Button>
        <Button block onClick={() => navigate(olderChangeRoutes.changeStep2({ sealId: form.sealId, id: form.id }))}>
          上一步
        </Button>
        <Button block color="primary" loading={busy} onClick={() => void next()}>
          下一步
        </Button>
      </div>
    </div>
  )
}
