import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Dialog, Form, Input, NavBar, Popup, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { olderApplyMessages, olderLegalProblem } from '@seal/shared/rules/older-apply'
import { FaceCheck } from '../../components/face-capture/face-check.tsx'
import { RequestError } from '../../lib/request/request.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { verifyEnterprise, type VerificationOutcome } from '../unit-apply/api/verify-enterprise.ts'
import { PictureField } from '../unit-apply/step1/picture-field.tsx'
import { failureText } from '../unit-apply/wizard-context.tsx'
import { saveOlderDraft } from './api/save-older-draft.ts'
import { useOlderDraft, type OlderDraft } from './older-draft.ts'
import { olderApplyRoutes } from './older-routes.ts'
import { recogniseOlderIdBack, recogniseOlderIdFront } from './recognition.ts'
import { StepBar } from './step-bar.tsx'
import '../unit-apply/unit-apply.css'
import './older-apply.css'

const VERDICT_PASSED = '00'
/** Phone input limit (001 §9). */
const PHONE_MAX = 11

/** 返回检查 or 转人工审核 after a failed verification (001 §8: 四要素验证失败 with the reason; never a dead end). */
function askManualReview(reason: string): Promise<boolean> {
  return new Promise((resolve) => {
    Dialog.show({
      title: messages.fourElementsFailed,
      content: (
        <div className="unit-dialog-text">
          {reason && reason !== messages.fourElementsFailed && <p>{reason}</p>}
          <p>{olderApplyMessages.manualReviewGuide}</p>
        </div>
      ),
      closeOnAction: true,
      actions: [
        [
          { key: 'back', text: olderApplyMessages.backToCheck, onClick: () => resolve(false) },
          { key: 'review', text: olderApplyMessages.manualReview, bold: true, onClick: () => resolve(true) },
        ],
      ],
    })
  })
}

/** Where step 2 goes once the unit verification answered (001 §4 "Older flow order"). */
export const afterVerification = (draft: Pick<OlderDraft, 'seals'>) =>
  draft.seals.some((seal) => seal.records !== 1) ? olderApplyRoutes.step41 : olderApplyRoutes.step4

/**
 * `/seal-apply/step-2` 验证身份 (spec 001 §2 "Step-based application (older wizard)"): the legal representative
 * — the logged-in person himself — with both sides of his ID card and his phone; 下一步 stores the draft, checks
 * his face and verifies the unit (four elements, or the business licence by configuration). A failed
 * verification offers 返回检查 or 转人工审核.
 */
export function OlderStep2Page() {
  const navigate = useNavigate()
  const { data: me } = useLoginInfo()
  const [draft, update] = useOlderDraft()
  const [busy, setBusy] = useState(false)
  const [faceOpen, setFaceOpen] = useState(false)
  // The legal representative is whoever is logged in: the older wizard is his own application.
  const legal = {
    ...draft,
    personName: me?.personName ?? draft.personName,
    identityNum: me?.personCard ?? draft.identityNum,
  }

  const verify = async (faceSerialNo: string) => {
    setFaceOpen(false)
    setBusy(true)
    try {
      let outcome: VerificationOutcome
      try {
        outcome = await verifyEnterprise({
          applyId: draft.applyId!,
          legal: legal.personName,
          legalIdentity: legal.identityNum.toUpperCase(),
          name: draft.unitName.trim(),
          socialCode: draft.socialCreditCode.trim().toUpperCase(),
          unitTypeCode: draft.unitTypeCode,
          unitAdminNum: draft.addressState[2],
          faceSerialNo,
          limitDuplicateApplication: draft.seals.map((seal) => seal.sealTypeCode).slice(0, 10),
        })
      } catch (error) {
        if (!(error instanceof RequestError)) throw error
        return // said by the request module (or 60 s timeout); nothing typed is lost
      }
      const passed = outcome.resultStatus === VERDICT_PASSED
      const next = update({ ranId: outcome.data.ranId, companyVerifyPass: outcome.data.passed, faceSerialNo })
      if (passed) {
        Toast.show({ icon: 'success', content: '身份验证通过' })
        navigate(afterVerification(next))
        return
      }
      const reason = outcome.data.reason
        ? `${outcome.responseInfo}：${outcome.data.reason}`
        : outcome.responseInfo
      if (await askManualReview(reason)) navigate(afterVerification(next))
    } finally {
      setBusy(false)
    }
  }

  const next = async () => {
    const problem = olderLegalProblem(legal)
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    setBusy(true)
    try {
      const saved = await saveOlderDraft({
        ...(draft.applyId ? { id: draft.applyId } : {}),
        unitName: draft.unitName.trim(),
        socialCreditCode: draft.socialCreditCode.trim().toUpperCase(),
        unitTypeCode: draft.unitTypeCode,
        license: draft.license,
        busSerialNo: draft.busSerialNo,
        addressState: draft.addressState,
        personName: legal.personName,
        identityNum: legal.identityNum.toUpperCase(),
        identityFront: draft.identityFront,
        identityBack: draft.identityBack,
        tel: draft.tel.trim(),
        seals: draft.seals.map((seal) => ({ sealTypeCode: seal.sealTypeCode, sealName: seal.sealName })),
      })
      update({ applyId: saved.id, personName: legal.personName, identityNum: legal.identityNum })
      setFaceOpen(true)
    } catch (error) {
      Toast.show({ content: failureText(error, messages.serverError), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="unit-apply-page older-apply-page">
      <NavBar onBack={() => navigate(olderApplyRoutes.step1)}>验证身份</NavBar>
      <StepBar current={1} />
      <div className="unit-step">
        <section className="unit-section" aria-label="法定代表人信息">
          <h2>法定代表人信息</h2>
          <p className="unit-section-note">请法定代表人本人办理，上传本人身份证并完成人脸识别。</p>
          <div className="unit-id-photos">
            <PictureField
              label="上传法人身份证人像面"
              hint="身份证人像面"
              fileId={draft.identityFront}
              recognise={(dataUrl) => recogniseOlderIdFront(dataUrl, legal)}
              onAccepted={({ fileId }) => update({ identityFront: fileId })}
              onCleared={() => update({ identityFront: '' })}
            />
            <PictureField
              label="上传法人身份证国徽面"
              hint="身份证国徽面"
              fileId={draft.identityBack}
              recognise={(dataUrl) => recogniseOlderIdBack(dataUrl)}
              onAccepted={({ fileId }) => update({ identityBack: fileId })}
              onCleared={() => update({ identityBack: '' })}
            />
          </div>
          <Form layout="horizontal" className="unit-form">
            <Form.Item label="法人姓名">
              <Input value={legal.personName} readOnly aria-label="法人姓名" />
            </Form.Item>
            <Form.Item label="证件号码">
              <Input value={legal.identityNum} readOnly aria-label="证件号码" />
            </Form.Item>
            <Form.Item label="手机号">
              <Input
                placeholder="请输入法人手机号"
                type="tel"
                value={draft.tel}
                maxLength={PHONE_MAX}
                onChange={(value) => update({ tel: value.replace(/\D/g, '') })}
              />
            </Form.Item>
          </Form>
        </section>
        <section className="unit-section" aria-label="单位信息核验">
          <h2>单位信息核验</h2>
          <p className="unit-section-note">
            将核验 {draft.unitName || '—'}（{draft.socialCreditCode || '—'}）的法定代表人是否为您本人。
          </p>
        </section>
        <div className="unit-footer">
          <Button block onClick={() => navigate(olderApplyRoutes.step1)}>
            上一步
          </Button>
          <Button block color="primary" loading={busy} onClick={() => void next()}>
            下一步
          </Button>
        </div>
      </div>
      <Popup
        visible={faceOpen}
        onClose={() => setFaceOpen(false)}
        showCloseButton
        destroyOnClose
        bodyClassName="unit-face-popup"
      >
        <h2>法定代表人人脸识别</h2>
        <p className="unit-section-note">请{legal.personName}本人进行人脸识别，确认是法定代表人本人申请。</p>
        {me && <FaceCheck person={{ idCardNo: me.personCard, realName: me.personName }} onPassed={verify} />}
      </Popup>
    </div>
  )
}
