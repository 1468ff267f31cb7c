import { useNavigate, useParams } from 'react-router-dom'
import { Button, NavBar, Result } from 'antd-mobile'
import './seal-apply.css'

/** Only the seal pattern example (type 2) is named by the spec (001 §2). */
const SEAL_PATTERN_EXAMPLE = '2'

const photoRules = [
  { title: '盖章', text: '在干净、平整的白纸上用实体印章盖章，印迹清晰完整，无褶皱、无遮挡、无重影' },
  { title: '拍摄', text: '将纸张贴墙立放或平放，镜头正对印章并居中拍摄，光线均匀，避免反光和阴影' },
  { title: '取景', text: '印章图案约占照片的80%，保留完整的外框和文字' },
  { title: '一致', text: '印章上的单位名称须与申请单位名称一致' },
  { title: '大小', text: '照片大小不超过5MB' },
]

/**
 * `/seal-example/:type` (spec 001 §2): how to photograph the physical seal impression that the wizard
 * turns into the electronic seal pattern. The rules follow the impression check's guidance (seal-photo-guide).
 */
export function SealExamplePage() {
  const navigate = useNavigate()
  const { type } = useParams()

  if (type !== SEAL_PATTERN_EXAMPLE) {
    return (
      <div className="seal-apply-page">
        <NavBar onBack={() => navigate(-1)}>印章样例</NavBar>
        <Result status="warning" title="暂无该类样例" description="请返回上一页" />
      </div>
    )
  }

  return (
    <div className="seal-apply-page">
      <NavBar onBack={() => navigate(-1)}>印章样例</NavBar>
      <p className="seal-apply-intro">印章图样由您上传的实体印章印模照片提取生成，请按以下要求拍摄</p>
      <section className="seal-apply-section" aria-label="拍摄要求">
        <h2>印模照片要求</h2>
        <dl className="seal-example-rules">
          {photoRules.map((rule) => (
            <div key={rule.title}>
              <dt>{rule.title}</dt>
              <dd>{rule.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="seal-apply-note">
        照片不符合要求时系统将提示原因，可重新上传；多次提取失败可提交人工审核（1-2个工作日）。
      </p>
      <div className="seal-apply-actions">
        <Button block size="large" onClick={() => navigate(-1)}>
          我知道了
        </Button>
      </div>
    </div>
  )
}
