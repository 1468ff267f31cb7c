import { useNavigate } from 'react-router-dom'
import { DotLoading, ErrorBlock, NavBar } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { REAL_NAME_AGREEMENT_KEY, useAgreements } from './api/get-agreements.ts'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import './personal-seal.css'

/** `/personal-seal-apply/agreement` (spec 002 §2): the real-name agreement, to read. */
export function PersonalSealAgreementPage() {
  const navigate = useNavigate()
  const agreements = useAgreements()
  const realName = agreements.data?.find((item) => item.key === REAL_NAME_AGREEMENT_KEY) ?? agreements.data?.[0]

  return (
    <div className="personal-seal-page agreement-reader">
      <NavBar onBack={() => navigate(-1)}>{realName?.title ?? '实名认证服务协议'}</NavBar>
      {agreements.isPending && (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      )}
      {(agreements.isError || (agreements.data && !realName)) && <ErrorBlock status="empty" title={messages.fileLoadFailed} description="" />}
      {realName && <StoredPdf fileId={realName.fileId} />}
    </div>
  )
}
