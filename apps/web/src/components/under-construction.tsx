import { NavBar, Result } from 'antd-mobile'
import { useNavigate } from 'react-router-dom'

/** Placeholder for screens later issues build, so the route table already shows the whole app. */
export function UnderConstruction({ title }: { title: string }) {
  const navigate = useNavigate()
  return (
    <div>
      <NavBar onBack={() => navigate(-1)}>{title}</NavBar>
      <Result status="waiting" title="建设中" description={`「${title}」功能正在建设中，敬请期待`} />
    </div>
  )
}
