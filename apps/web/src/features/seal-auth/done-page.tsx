import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Button, NavBar, Result } from 'antd-mobile'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { letterPath } from './api.ts'
import './seal-auth.css'

/**
 * `/authorization-done/{fileId}` 授权完成, step 4 (000 §2): the grantor waits for the seal user to accept
 * (an enterprise) or the authorisation is complete and the seal can be used; the letter below.
 */
export function AuthorizationDonePage() {
  const fileId = useParams().fileId ?? ''
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { data: me } = useLoginInfo()
  const waiting = params.get('role') !== '0' && me?.kind !== 'personal'
  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>授权完成</NavBar>
      <Result status={waiting ? 'waiting' : 'success'} title={waiting ? '等待用章人接受授权' : '授权完成，可以使用印章'} />
      {/* The whole letter, down to both signatures: the page scrolls, not a box within it. */}
      <div className="seal-auth-letter seal-auth-letter-whole">
        <StoredPdf fileId={fileId} path={letterPath(fileId)} />
      </div>
      <div className="seal-auth-footer">
        <Button block color="primary" size="large" onClick={() => navigate('/home', { replace: true })}>
          返回首页
        </Button>
      </div>
    </div>
  )
}
