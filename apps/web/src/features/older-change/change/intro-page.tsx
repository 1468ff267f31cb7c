import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, NavBar, Popup, Steps } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { changeStepTitles } from '../older-wizard.tsx'
import { olderChangeRoutes } from '../routes.ts'
import { SealChooser } from '../seal-chooser.tsx'
import '../older-change.css'

/** What each step of the change does (the titles are the spec's indicator, 001 §2). */
const stepNotes = [
  '上传最新营业执照，确认单位名称、注册地，选择需要变更的印章',
  '上传法定代表人身份证，完成人脸识别与单位信息核验',
  '按变更内容上传新的印章印模照片，设置印章密码',
  '确认原授权关系是否保留，签署后提交',
]

/**
 * `/seal-change` (spec 001 §2 "Step-based application"): the change's tips, its four steps and 立即变更,
 * which opens step 1 for the seal of the query (`sealId`) or lets the person choose one of the unit seals
 * he holds. Only the unit's legal representative (or its enterprise login) changes its seals here.
 */
export function ChangeIntroPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const sealId = params.get('sealId')
  const [choosing, setChoosing] = useState(false)

  const start = () => {
    if (sealId) navigate(olderChangeRoutes.changeStep1({ sealId }))
    else setChoosing(true)
  }

  return (
    <div className="older-page older-intro">
      <NavBar onBack={() => navigate(-1)}>印章变更</NavBar>
      <section className="unit-section" aria-label="温馨提示">
        <h2>温馨提示</h2>
        <ul className="older-tips">
          <li>单位名称、注册地或法定代表人发生变化后，可在此变更电子印章；变更后印章证书重新签发，原证书作废。</li>
          <li>仅单位登记的法定代表人本人（或本单位企业账户）可办理，办理时需完成人脸识别。</li>
          <li>请准备：最新营业执照、法定代表人身份证人像面和国徽面；单位名称变更时，还需每枚印章的新印模照片。</li>
          <li>单位名称变更需同时变更本单位全部有效印章。</li>
        </ul>
      </section>
      <section className="unit-section" aria-label="办理流程">
        <h2>办理流程</h2>
        <Steps direction="vertical" current={-1}>
          {changeStepTitles.map((title, index) => (
            <Steps.Step key={title} title={`${index + 1} ${title}`} description={stepNotes[index]} status="wait" />
          ))}
        </Steps>
      </section>
      <div className="older-actions">
        <Button block color="primary" size="large" onClick={start}>
          立即变更
        </Button>
      </div>
      <Popup visible={choosing} onMaskClick={() => setChoosing(false)} showCloseButton onClose={() => setChoosing(false)} bodyClassName="older-chooser" destroyOnClose>
        <SealChooser purpose="change" emptyTitle={messages.noChangeableSeals} onChoose={(seal) => navigate(olderChangeRoutes.changeStep1({ sealId: seal.id }))} />
      </Popup>
    </div>
  )
}
