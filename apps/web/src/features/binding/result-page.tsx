import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Button, NavBar, Result } from 'antd-mobile'
import { host } from '../../lib/host/bridge.ts'
import './binding.css'

/** 完成: back where the binding started — home for /binding, the seal's detail for /seal-bind. */
function useDone(seal: { id: string; type: string } | null) {
  const navigate = useNavigate()
  return () => navigate(seal ? `/seal-preview/${seal.type === 'company' ? 'company' : 'personal'}/${encodeURIComponent(seal.id)}` : '/home', { replace: true })
}

/**
 * `/binding-result/{sucNum}` 提交成功 (002 §2): how many seals were bound; 完成 closes the window where the
 * host can, and goes home in a plain browser.
 */
export function BindingResultPage() {
  const count = Number(useParams().sucNum ?? 0)
  const home = useDone(null)
  const done = () => host.closeWindow(home)
  return (
    <div className="binding-page">
      <NavBar back={null}>提交成功</NavBar>
      <Result status="success" title="提交成功" description={`已成功绑定${Number.isFinite(count) ? count : 0}枚印章，可在印章详情的“平台绑定记录”中查看或取消。`} />
      <div className="binding-result-actions">
        <Button block color="primary" size="large" onClick={done}>
          完成
        </Button>
      </div>
    </div>
  )
}

/** `/seal-bind-complete` 提交成功 (002 §2): the personal seal is bound; its records are a tap away. */
export function SealBindCompletePage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const sealId = params.get('sealId')
  const platform = params.get('platform')
  const done = useDone(sealId ? { id: sealId, type: params.get('type') ?? 'personal' } : null)
  return (
    <div className="binding-page">
      <NavBar back={null}>提交成功</NavBar>
      <Result status="success" title="提交成功" description={platform ? `印章已绑定至${platform}。` : '印章已绑定。'} />
      <div className="binding-result-actions">
        <Button block color="primary" size="large" onClick={done}>
          完成
        </Button>
        {sealId && (
          <Button block size="large" onClick={() => navigate(`/platform-binding-record?sealId=${encodeURIComponent(sealId)}`, { replace: true })}>
            查看平台绑定记录
          </Button>
        )}
      </div>
    </div>
  )
}
