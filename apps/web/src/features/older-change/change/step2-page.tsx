import { useNavigate } from 'react-router-dom'
import { Button, Popup } from 'antd-mobile'
import { applicantKind, businessType } from '@seal/shared/codes/business-type'
import { FaceCheck } from '../../../components/face-capture/face-check.tsx'
import { RequestError } from '../../../lib/request/request.ts'
import { legalKeys, PersonSection } from '../../unit-apply/step1/person-section.tsx'
import { useWizard } from '../../unit-apply/wizard-context.tsx'
import { checkChangeLegal } from '../api/check-change-legal.ts'
import { queryMakeIgnoreStatus } from '../api/query-make.ts'
import { OlderWizard } from '../older-wizard.tsx'
import { olderChangeRoutes } from '../routes.ts'
import { useOlderVerification } from '../use-older-verification.tsx'

/** `/seal-change/step-2` 验证身份 (001 §2 "legal representative identity"). */
export function ChangeStep2Page() {
  return (
    <OlderWizard kind={businessType.CHANGE} current={1} title="印章变更">
      <ChangeIdentityStep />
    </OlderWizard>
  )
}

/**
 * The legal representative: his ID card (the number must be the logged-in person's, 001 §5 "For change only
 * the legal person's ID number is compared"), name and number from the login, his phone; then his face and
 * the unit verification of the draft. Passed, the change's type decides the next page: the physical seal
 * codes first when a chosen type has no record or several (001 §4 "Older flow order"), else the pictures.
 */
function ChangeIdentityStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { me, form } = wizard

  const verification = useOlderVerification({
    onManualReview: (id) =>
      navigate(`/new/seal/home?${new URLSearchParams({ businessType: businessType.CHANGE, applicatKind: applicantKind.LEGAL_APPLY, sealId: form.sealId, id })}`),
    onPassed: async (_ranId, id) => {
      const typed = wizard.current()
      try {
        const [check, records] = await Promise.all([
          checkChangeLegal({
            personName: typed.legalPersonName,
            personIdentity: typed.legalPersonIdentityNo,
            socialCreditCode: typed.socialCreditCode,
            sealId: typed.sealId,
            unitName: typed.unitName,
            unitAdminNum: typed.addr[2],
            sealTypeCodes: typed.sealInfo.map((seal) => seal.sealTypeCode),
          }),
          queryMakeIgnoreStatus({ socialCreditCode: typed.socialCreditCode }),
        ])
        wizard.setFlags({ changeType: check.changeType })
        const where = { sealId: typed.sealId, id }
        const unsure = typed.sealInfo.some((seal) => records.filter((record) => record.sealTypeCode === seal.sealTypeCode).length !== 1)
        navigate(unsure ? olderChangeRoutes.changeStep31(check.changeType, where) : olderChangeRoutes.changeStep3(check.changeType, where))
      } catch (error) {
        if (!(error instanceof RequestError)) throw error
      }
    },
  })

  return (
    <div className="unit-step">
      <p className="older-lead">请法定代表人{me.personName}本人上传身份证并完成人脸识别。</p>
      <PersonSection who="法人" title="法定代表人信息" keys={legalKeys} nameLocked idLocked expected={{ who: '法人', idNo: me.personCard }} />
      <div className="unit-footer">
        <Button block onClick={() => navigate(olderChangeRoutes.changeStep1({ sealId: form.sealId, id: form.id }))}>
          上一步
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
