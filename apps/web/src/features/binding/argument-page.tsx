import { useNavigate } from 'react-router-dom'
import { NavBar } from 'antd-mobile'
import { AGREEMENT_TITLE, AgreementText } from './agreement.tsx'
import './binding.css'

/** `/binding/argument` (002 §2): the 平台绑定用章服务协议, to read. */
export function BindingArgumentPage() {
  const navigate = useNavigate()
  return (
    <div className="binding-page">
      <NavBar onBack={() => navigate(-1)}>{AGREEMENT_TITLE}</NavBar>
      <AgreementText />
    </div>
  )
}
