import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, Popup } from 'antd-mobile'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { FaceCheck } from '../../../components/face-capture/face-check.tsx'
import { legalKeys, PersonSection } from '../../unit-apply/step1/person-section.tsx'
import { useWizard } from '../../unit-apply/wizard-context.tsx'
import { ChooseSealFirst } from '../choose-first.tsx'
import { OlderWizard } from '../older-wizard.tsx'
import { usePrefillFromSeal } from '../prefill.ts'
import { olderChangeRoutes } from '../routes.ts'
import { useOlderVerification } from '../use-older-verification.tsx'
import { RenewalUnitSection } from './renewal-unit-section.tsx'

const TITLE = '印章续期'

/** `/seal-renewal/step-1` (001 §2; its layout is not shown): the unit and its legal representative verified. */
export function RenewalStep1Page() {
  const [params] = useSearchParams()
  if (!params.get('sealId')) return <ChooseSealFirst purpose="renewal" title={TITLE} />
  return (
    <OlderWizard kind={businessType.RENEWAL} current={0} title={TITLE} startsHere>
      <RenewalIdentityStep />
    </OlderWizard>
  )
}

/**
 * The seal's unit with its current licence, and the legal representative (the logged-in person: the ID
 * card's number and name must be his, 001 §5 "for renewal … ID and name are compared"); 下一步 checks the
 * face and verifies the unit, then 选择印章.
 */
function RenewalIdentityStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { me, form } = wizard
  usePrefillFromSeal()
  const verification = useOlderVerification({
    onManualReview: (id) => navigate(`/new/seal/home?${new URLSearchParams({ businessType: businessType.RENEWAL, applicatKind: applicantKind.LEGAL_APPLY, sealId: form.sealId, id })}`),
    onPassed: (_ranId, id) => navigate(olderChangeRoutes.renewalStep2({ sealId: wizard.current().sealId, id })),
  })

  return (
    <div className="unit-step">
      <p className="older-lead">续期将为印章重新签发证书，印章图片和印章密码保持不变。</p>
      <RenewalUnitSection />
      <PersonSection who="法人" title="法定代表人信息" keys={legalKeys} nameLocked idLocked expected={{ who: '法人', idNo: me.personCard, name: me.personName }} />
      <div className="unit-footer">
        <Button block onClick={() => void wizard.saveDraft()}>
          暂存
        </Button>
        <Button block color="primary" loading={verification.busy} onClick={() => void verification.next()}>
          下一步
        </Button>
      </div>
      <Popup visible={verification.faceCheck} onClose={verification.closeFaceCheck} showCloseButton destroyOnClose bodyClassName="unit-face-popup">
        <h2>法定代表人人脸识别</h2>
        <p className="unit-section-note">请{me.personName}本人进行人脸识别，确认是法定代表人本人办理。</p>
        <FaceCheck person={{ idCardNo: me.personCard, realName: me.personName }} onPassed={verification.facePassed} />
      </Popup>
    </div>
  )
}
