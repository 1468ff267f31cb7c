import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router-dom'
import { Button, Checkbox, Dialog, Form, Input, NavBar, Toast } from 'antd-mobile'
import { MAX_OTHER_TYPE_SEALS, sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { olderApplyMessages, olderSealSetupProblem } from '@seal/shared/rules/older-apply'
import { SEAL_PASSWORD_MAX_LENGTH } from '@seal/shared/rules/seal-password'
import { unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { beijingDate } from '@seal/shared/text/beijing-time'
import { apiLink } from '../../lib/request/request.ts'
import { applicationFormLink } from '../unit-apply/api/application-form-link.ts'
import { ImpressionField } from '../unit-apply/step2/impression-field.tsx'
import { FormFiles } from '../unit-apply/step3/form-files.tsx'
import { failureText } from '../unit-apply/wizard-context.tsx'
import { submitMultipleSeals } from './api/submit-multiple-seals.ts'
import { clearOlderDraft, emptySeal, useOlderDraft, type OlderDraft, type OlderSeal } from './older-draft.ts'
import { olderApplyRoutes } from './older-routes.ts'
import { StepBar } from './step-bar.tsx'
import '../unit-apply/unit-apply.css'
import './older-apply.css'

/** Other-type seal names: 2-20 characters (the shared rule). */
const OTHER_SEAL_NAME_MAX = 20

/** A person reads the materials when the unit verification failed or a seal photo goes to a reviewer (as the new wizard's step 3-1). */
export const needsMaterials = (draft: Pick<OlderDraft, 'companyVerifyPass' | 'seals'>) =>
  draft.companyVerifyPass === false || draft.seals.some((seal) => seal.manualReview)

/** The materials' checks (001 §5 "Step 3-1"): a file of the signed form, the truthfulness declaration. */
function materialsProblem(draft: Pick<OlderDraft, 'applicationFiles' | 'truthful'>): string | null {
  if (draft.applicationFiles.length === 0) return messages.applicationFormRequired
  if (!draft.truthful) return unitApplyMessages.truthfulRequired
  return null
}

/** The submission of 001 §7: one cloudApplyParam per seal, the unit and legal representative as verified. */
export function submissionOf(draft: OlderDraft, pin: string) {
  return {
    ranId: draft.ranId ?? '',
    personFront: draft.identityFront,
    personBack: draft.identityBack,
    tel: draft.tel.trim(),
    license: draft.license,
    unitTypeCode: draft.unitTypeCode,
    applicationFiles: needsMaterials(draft) ? draft.applicationFiles : [],
    truthful: needsMaterials(draft) && draft.truthful,
    cloudApplyParams: draft.seals.map((seal) => ({
      personName: draft.personName,
      unitName: draft.unitName.trim(),
      socialCreditCode: draft.socialCreditCode.trim().toUpperCase(),
      personIdentity: draft.identityNum.toUpperCase(),
      unitAdminNum: draft.addressState[2] ?? '',
      phoneId: draft.tel.trim(),
      sealName: seal.sealTypeCode === sealTypeCode.OTHER ? seal.sealName.trim() : seal.sealTypeName,
      pin,
      makeDate: beijingDate(Date.now()).replaceAll('-', ''),
      sealTypeCode: seal.sealTypeCode,
      identityType: '111',
      unitTypeCode: draft.unitTypeCode,
      sealCode: seal.physical === 'yes' ? seal.sealCode : '',
      manualReview: seal.manualReview,
      applyType: 1,
      sealPic: seal.sealPic,
      originalFileId: seal.originalFileId,
    })),
  }
}

/**
 * `/seal-apply/step-4/{changeTypes}` 设置密码 (spec 001 §2 "Step-based application (older wizard)"): a seal pattern
 * from a photo of each seal's impression (cut out as in the new wizard; from the second failure the photo may go
 * to manual review), other-type seals named, the seal password twice; the signed application form too when a
 * person reviews. 提交 sends POST /apply/multiple/seals and opens pre-step-5.
 */
export function OlderStep4Page() {
  const navigate = useNavigate()
  const [draft, update] = useOlderDraft()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  if (!draft.applyId || !draft.ranId) return <Navigate to={olderApplyRoutes.step2} replace />

  const others = draft.seals.filter((seal) => seal.sealTypeCode === sealTypeCode.OTHER)
  const patch = (id: string, change: Partial<OlderSeal>) =>
    update((current) => ({
      seals: current.seals.map((seal) => (seal._id === id ? { ...seal, ...change } : seal)),
    }))
  const addOther = () => {
    if (others.length >= MAX_OTHER_TYPE_SEALS) {
      Toast.show({ content: messages.otherSealsLimit })
      return
    }
    update((current) => ({
      seals: [
        ...current.seals,
        emptySeal(sealTypeCode.OTHER, others[0]?.sealTypeName ?? '其他类型印章', others[0]?.records ?? 0),
      ],
    }))
  }
  const removeOther = (id: string) => {
    update((current) => ({ seals: current.seals.filter((seal) => seal._id !== id) }))
  }

  const downloadForm = async () => {
    try {
      const { url } = await applicationFormLink(draft.applyId!)
      window.open(new URL(apiLink(url), window.location.origin).toString(), '_blank', 'noopener')
    } catch {
      // said by the request module
    }
  }

  const submit = async () => {
    const problem =
      olderSealSetupProblem(draft.seals, password, confirm) ??
      (needsMaterials(draft) ? materialsProblem(draft) : null)
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    if (
      !(await Dialog.confirm({
        title: '确认提交',
        content: '请确认所填信息与上传材料真实、有效，提交后将进入平台审核。',
        confirmText: '确认提交',
        cancelText: '取消',
      }))
    )
      return
    setBusy(true)
    try {
      const answer = await submitMultipleSeals(submissionOf(draft, password))
      clearOlderDraft()
      navigate(olderApplyRoutes.preStep5(answer.logId), { replace: true })
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="unit-apply-page older-apply-page">
      <NavBar onBack={() => navigate(olderApplyRoutes.step2)}>设置密码</NavBar>
      <StepBar current={2} />
      <div className="unit-step">
        <section className="unit-section" aria-label="印章图样">
          <h2>印章图样</h2>
          <p className="unit-section-note">请在白纸上加盖实体印章后拍照上传，系统将自动提取印章图样。</p>
          {draft.seals.map((seal, index) => {
            const other = seal.sealTypeCode === sealTypeCode.OTHER
            const shown = other
              ? seal.sealName.trim() || `其他类型印章${others.indexOf(seal) + 1}`
              : seal.sealTypeName
            return (
              <div key={seal._id} className="unit-seal-card">
                <div className="unit-seal-card-head">
                  <strong>{shown}</strong>
                  {other && others.length > 1 && (
                    <Button size="mini" fill="none" onClick={() => removeOther(seal._id)}>
                      删除
                    </Button>
                  )}
                </div>
                {other && (
                  <Input
                    className="older-other-name"
                    aria-label={`其他类型印章名称${others.indexOf(seal) + 1}`}
                    placeholder="请输入印章名称，如：项目专用章"
                    value={seal.sealName}
                    maxLength={OTHER_SEAL_NAME_MAX}
                    onChange={(sealName) => patch(seal._id, { sealName })}
                  />
                )}
                <ImpressionField
                  key={`${seal._id}-${index}`}
                  seal={{ ...seal, sealId: '', sealName: other ? seal.sealName : seal.sealTypeName }}
                  unitName={draft.unitName.trim() || undefined}
                  onChange={(change) => patch(seal._id, change)}
                />
              </div>
            )
          })}
          {others.length > 0 && (
            <Button size="small" fill="outline" color="primary" onClick={addOther}>
              添加其他类型印章（{messages.otherSealsLimit}）
            </Button>
          )}
        </section>
        <section className="unit-section" aria-label="印章密码">
          <h2>印章密码</h2>
          <p className="unit-section-note">{olderApplyMessages.pinHint}</p>
          <p className="unit-section-note">{messages.sealPasswordHint}</p>
          <Form layout="horizontal" className="unit-form">
            <Form.Item label="密码">
              <Input
                type="password"
                aria-label="印章密码"
                placeholder="请输入印章密码"
                value={password}
                maxLength={SEAL_PASSWORD_MAX_LENGTH + 4}
                autoComplete="new-password"
                onChange={setPassword}
              />
            </Form.Item>
            <Form.Item label="确认密码">
              <Input
                type="password"
                aria-label="确认印章密码"
                placeholder="请再次输入密码"
                value={confirm}
                maxLength={SEAL_PASSWORD_MAX_LENGTH + 4}
                autoComplete="new-password"
                onChange={setConfirm}
              />
            </Form.Item>
          </Form>
        </section>
        {needsMaterials(draft) && (
          <section className="unit-section" aria-label="申请材料">
            <h2>申请材料</h2>
            <p className="unit-section-note unit-review-note">{olderApplyMessages.materialsForReview}</p>
            <div className="unit-inline-actions">
              <Button size="small" color="primary" fill="outline" onClick={() => void downloadForm()}>
                下载申请表
              </Button>
            </div>
            <FormFiles
              fileIds={draft.applicationFiles}
              onChange={(applicationFiles) => update({ applicationFiles })}
            />
            <Checkbox
              className="unit-truthful"
              checked={draft.truthful}
              onChange={(truthful) => update({ truthful })}
            >
              {unitApplyMessages.confirmTruthful}
            </Checkbox>
          </section>
        )}
        <div className="unit-footer">
          <Button
            block
            onClick={() =>
              navigate(
                draft.seals.some((seal) => seal.records !== 1)
                  ? olderApplyRoutes.step41
                  : olderApplyRoutes.step2,
              )
            }
          >
            上一步
          </Button>
          <Button block color="primary" loading={busy} onClick={() => void submit()}>
            提交
          </Button>
        </div>
      </div>
    </div>
  )
}
