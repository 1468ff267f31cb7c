import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Input, Picker, Toast } from 'antd-mobile'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages, ownMessages } from '@seal/shared/messages'
import { sealNameFor } from '@seal/shared/rules/seal-names'
import { applicantSetsLegalPassword, applicantSetsManagerPassword, needsNewPicture, setsPasswords, step2Problem, unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { useFilingInfo } from '../api/filing-info.ts'
import { failureText, useWizard } from '../wizard-context.tsx'
import { unitApplyRoutes } from '../wizard-routes.ts'
import { AuthRelations } from './auth-relations.tsx'
import { ImpressionField } from './impression-field.tsx'
import { PasswordPair } from './password-pair.tsx'

const OTHER_SEAL_NAME_MAX = 20

/**
 * Step 2 设置印章 (001 §2 "Step 2", §5 "New wizard, step 2"): an impression photo per seal, other-type
 * names, filing numbers; the passwords the applicant may set (whoever holds a seal sets its PIN himself):
 * the legal representative his own and his manager's; an operator none of the legal representative's (he
 * sets it when he signs) and the manager's only when he is that manager; 暂存,
 * 上一步, 下一步. 下一步 saves (the server keeps only password hashes) and goes to signing when the legal
 * representative applied and was verified without seals for manual review, else to the application form.
 */
export function SealSetupStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { form, update, flags } = wizard
  const [busy, setBusy] = useState(false)

  const patchSeal = (id: string, patch: Partial<ApplySealItem>) =>
    update((current) => ({ sealInfo: current.sealInfo.map((seal) => (seal._id === id ? { ...seal, ...patch } : seal)) }))

  const next = async () => {
    const current = wizard.current()
    const problem = step2Problem(current, {
      applicantIdentityNo: wizard.me.personCard,
      legalPasswordSet: flags.legalPasswordSet,
      managerPasswordSet: flags.sealManagerPasswordSet,
      changeType: flags.changeType,
    })
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    setBusy(true)
    try {
      const id = await wizard.saveAndMove('3-1')
      const sign =
        current.applyType === applicantKind.LEGAL_APPLY &&
        current.businessType !== businessType.RETRIEVE &&
        flags.companyVerifyPass === true &&
        !current.sealInfo.some((seal) => seal.manualReview)
      // Passwords were sent once; the server holds their hashes now.
      update({ legalPassword: undefined, legalPasswordConfirm: undefined, sealManagerPassword: undefined, sealManagerPasswordConfirm: undefined })
      wizard.setFlags({ legalPasswordSet: flags.legalPasswordSet || Boolean(current.legalPassword), sealManagerPasswordSet: flags.sealManagerPasswordSet || Boolean(current.sealManagerPassword) })
      if (sign) navigate(unitApplyRoutes.sign(id))
    } catch (error) {
      Toast.show({ content: failureText(error, messages.serverError), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  // A change names the seal as it will be (the unit's new name, the new legal representative's name seal).
  const shownName = (seal: ApplySealItem) => (form.businessType === businessType.CHANGE ? sealNameFor(seal, form, form.unitName.trim()) : seal.sealName)
  // The caller's ID number decides whether an operator is the manager he names.
  const setsManager = applicantSetsManagerPassword(form, wizard.me.personCard)
  const legalSetsOwn = form.applyType === applicantKind.OPERATOR_APPLY && setsPasswords(form)
  // A recovered seal keeps its picture (001 §4): nothing to upload. A renewed one keeps picture and passwords.
  const retrieving = form.businessType === businessType.RETRIEVE
  const renewing = form.businessType === businessType.RENEWAL

  return (
    <div className="unit-step">
      <section className="unit-section" aria-label="印章图片">
        <h2>{retrieving ? '找回的印章' : renewing ? '续期的印章' : '上传印章图片'}</h2>
        <p className="unit-section-note">
          {retrieving
            ? '找回的印章沿用原有的印章图片和证书，请设置新的印章密码。'
            : renewing
              ? '续期只更新印章证书的有效期，印章图片和印章密码保持不变。'
              : '请在白纸上加盖实体印章后拍照上传，系统将自动提取印模；照片不超过5MB。'}
        </p>
        {form.sealInfo.map((seal, index) => (
          <div key={seal._id} className="unit-seal-card">
            <div className="unit-seal-card-head">
              <strong>{seal.sealTypeName}</strong>
              {seal.sealTypeCode === sealTypeCode.OTHER ? (
                <Input
                  aria-label={`印章名称${index + 1}`}
                  placeholder="请输入印章名称"
                  value={seal.sealName}
                  maxLength={OTHER_SEAL_NAME_MAX}
                  onChange={(sealName) => patchSeal(seal._id, { sealName })}
                />
              ) : (
                shownName(seal) !== seal.sealTypeName && <span>{shownName(seal)}</span>
              )}
            </div>
            {needsNewPicture(form, seal.sealTypeCode, flags.changeType) ? (
              // Named as shown: a renamed unit's seal by its new name.
              <ImpressionField seal={{ ...seal, sealName: shownName(seal) }} unitName={form.unitName.trim() || undefined} onChange={(patch) => patchSeal(seal._id, patch)} />
            ) : (
              !retrieving && !renewing && <p className="unit-section-note">本次变更不涉及该印章的印面，沿用原有的印章图片。</p>
            )}
            {!retrieving && <FilingNumber seal={seal} socialCreditCode={form.socialCreditCode} onChange={(sealCode) => patchSeal(seal._id, { sealCode })} />}
          </div>
        ))}
      </section>
      {(form.businessType === businessType.CHANGE || form.businessType === businessType.RENEWAL) && <AuthRelations />}
      {legalSetsOwn && (
        <section className="unit-section" aria-label="用章密码">
          <h2>用章密码</h2>
          <p className="unit-section-note">{unitApplyMessages.legalSetsOwnPin}</p>
        </section>
      )}
      {applicantSetsLegalPassword(form) && (
        <PasswordPair
          title="印章密码"
          hint={ownMessages.sealPinHint}
          set={flags.legalPasswordSet}
          value={form.legalPassword ?? ''}
          confirm={form.legalPasswordConfirm ?? ''}
          onChange={(legalPassword, legalPasswordConfirm) => update({ legalPassword, legalPasswordConfirm })}
        />
      )}
      {setsManager && (
        <PasswordPair
          title="管理员用章密码"
          hint={ownMessages.managerPasswordHint}
          set={flags.sealManagerPasswordSet}
          value={form.sealManagerPassword ?? ''}
          confirm={form.sealManagerPasswordConfirm ?? ''}
          onChange={(sealManagerPassword, sealManagerPasswordConfirm) => update({ sealManagerPassword, sealManagerPasswordConfirm })}
        />
      )}
      <div className="unit-footer unit-footer-three">
        <Button block onClick={() => void wizard.saveDraft()}>
          暂存
        </Button>
        <Button block onClick={() => wizard.goTo('1')}>
          上一步
        </Button>
        <Button block color="primary" loading={busy} onClick={() => void next()}>
          下一步
        </Button>
      </div>
    </div>
  )
}

/** The filing number (备案号) of a seal: those on record for its type, or 无备案号 (optional here). */
function FilingNumber({ seal, socialCreditCode, onChange }: { seal: ApplySealItem; socialCreditCode: string; onChange: (code: string) => void }) {
  const [open, setOpen] = useState(false)
  const filing = useFilingInfo({ socialCreditCode, sealTypeCode: seal.sealTypeCode }, open)
  const columns = [[{ label: messages.noFilingNumber, value: '' }, ...(filing.data ?? []).map((f) => ({ label: `${f.sealCode} ${f.sealName}`, value: f.sealCode }))]]
  return (
    <>
      <button type="button" className="unit-filing" onClick={() => setOpen(true)}>
        <span>备案号</span>
        <span className="unit-filing-value">{seal.sealCode || messages.noFilingNumber} ›</span>
      </button>
      <Picker
        title="选择备案号"
        columns={columns}
        loading={filing.isFetching}
        visible={open}
        value={[seal.sealCode]}
        onClose={() => setOpen(false)}
        onConfirm={(value) => onChange(String(value[0] ?? ''))}
      />
    </>
  )
}

