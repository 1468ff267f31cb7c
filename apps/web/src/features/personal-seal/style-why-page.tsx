import { useNavigate } from 'react-router-dom'
import { NavBar } from 'antd-mobile'
import { useStylePreview } from './api/get-style-preview.ts'
import { sealStyleCodes, sealStyleInfo } from './seal-styles.ts'
import './personal-seal.css'

/** `/personal-seal-apply/step-5-why` 名章样式说明: what each of the three styles is, with its picture. */
export function PersonalSealStyleWhyPage() {
  const navigate = useNavigate()
  const preview = useStylePreview()
  return (
    <div className="personal-seal-page">
      <NavBar onBack={() => navigate(-1)}>名章样式说明</NavBar>
      <p className="page-hint">个人电子名章提供三种样式，均根据您的姓名生成，印章效力相同，请按使用习惯选择。</p>
      {sealStyleCodes.map((code, index) => {
        const image = preview.data?.find((item) => item.style === code)?.image
        return (
          <section key={code} className="personal-section">
            <h2>
              样式{index + 1}：{sealStyleInfo[code].name}
            </h2>
            {image && <img className="style-why-picture" src={image} alt={sealStyleInfo[code].name} />}
            {sealStyleInfo[code].details.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </section>
        )
      })}
    </div>
  )
}
