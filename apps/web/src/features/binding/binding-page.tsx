import { useNavigate } from 'react-router-dom'
import { Button, NavBar } from 'antd-mobile'
import { useIsCorporation } from './api/query-is-corporation.ts'
import { AgreementCheck, useAgreement } from './agreement.tsx'
import './binding.css'

/**
 * `/binding` 绑定印章 (002 §2): what binding does, the agreement tick, 立即绑定. Without the tick a dialog
 * asks to read the 平台绑定用章服务协议 (不同意 / 同意); 同意 goes on to choose the platform.
 */
export function BindingPage() {
  const navigate = useNavigate()
  const { agreed, setAgreed, ensureAgreed } = useAgreement()
  const corporation = useIsCorporation()
  const start = async () => {
    if (await ensureAgreed()) navigate('/binding/platform')
  }
  return (
    <div className="binding-page">
      <NavBar onBack={() => navigate(-1)}>绑定印章</NavBar>
      <section className="binding-card binding-intro">
        <div className="binding-intro-mark" aria-hidden="true">
          绑
        </div>
        <h1>将电子印章绑定到业务平台</h1>
        <p>绑定后，业务平台可在您办理业务时使用该印章签署文件，无需每次重复输入密码。</p>
      </section>
      <section className="binding-card">
        <h2>绑定步骤</h2>
        <ol className="binding-steps">
          <li>选择要绑定的业务平台</li>
          <li>选择印章，并以印章密码或手写签名完成用章确认</li>
          <li>提交绑定，可随时在“平台绑定记录”中取消</li>
        </ol>
        <p className="binding-note">
          {corporation.data?.role === 1 ? '您可绑定本人名章、您任法定代表人的单位印章及您管理的印章。' : '您可绑定本人名章及您管理的印章；仅获授权使用的印章不能绑定。'}
        </p>
      </section>
      <div className="binding-footer">
        <AgreementCheck agreed={agreed} onChange={setAgreed} />
        <Button block color="primary" size="large" onClick={() => void start()}>
          立即绑定
        </Button>
      </div>
    </div>
  )
}
