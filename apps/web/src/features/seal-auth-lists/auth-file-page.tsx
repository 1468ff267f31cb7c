import { useLocation, useNavigate, useParams } from 'react-router-dom'
import { ErrorBlock, NavBar } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import './seal-auth-lists.css'

/** GET /sealAuth/authFile/{fileId} †: an authorisation letter, readable by its two parties and the seal's managers. */
export const authFilePath = (fileId: string) => `/sealAuth/authFile/${encodeURIComponent(fileId)}`

/** `/auth-file/{fileId}` 授权书 (spec 000 §2): the authorisation letter as signed so far, page by page. */
export function AuthFilePage() {
  const navigate = useNavigate()
  const location = useLocation()
  const fileId = useParams().fileId ?? ''
  return (
    <div className="auth-lists-page auth-file-page">
      <div className="auth-lists-top">
        <NavBar onBack={() => (location.key === 'default' ? navigate('/home') : navigate(-1))}>授权书</NavBar>
      </div>
      {fileId ? <StoredPdf fileId={fileId} path={authFilePath(fileId)} /> : <ErrorBlock status="empty" title={messages.pdfNoData} description="" />}
    </div>
  )
}
