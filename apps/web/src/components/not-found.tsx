import { Button, NavBar, Result } from 'antd-mobile'
import { useNavigate } from 'react-router-dom'

/** Any address the app does not know: says so and offers the way home (home sends a stranger to login). */
export function NotFound() {
  const navigate = useNavigate()
  return (
    <div className="not-found-page">
      <NavBar onBack={() => navigate(-1)}>页面不存在</NavBar>
      <Result status="warning" title="页面不存在" description="您访问的页面不存在或已被移除，请检查地址是否正确" />
      <div className="not-found-actions">
        <Button block color="primary" size="large" onClick={() => navigate('/home', { replace: true })}>
          返回首页
        </Button>
      </div>
    </div>
  )
}
