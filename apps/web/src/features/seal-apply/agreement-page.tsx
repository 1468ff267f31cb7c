import { useNavigate, useParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { DotLoading, ErrorBlock, NavBar } from 'antd-mobile'
import type { AgreementTextShape } from '@seal/shared/api/agreements'
import { messages } from '@seal/shared/messages'
import { PdfDocument } from '../../components/pdf-document/pdf-document.tsx'
import { get, getBlob } from '../../lib/request/request.ts'
import './seal-apply.css'

/** The subscriber agreement is a one-page PDF (spec 001 §2); the others are embedded pages. */
const PDF_AGREEMENT = 'apply-digit-argument'

/**
 * `/seal-apply/apply-use-argument`, `/seal-apply/privacy-argument`, `/seal-apply/apply-digit-argument`
 * and `/seal-apply/:agreementKey` (spec 001 §2): one agreement to read. `key` is given by the fixed routes.
 */
export function ApplyAgreementPage({ agreementKey }: { agreementKey?: string }) {
  const navigate = useNavigate()
  const params = useParams()
  const key = agreementKey ?? params.agreementKey ?? ''
  const asPdf = key === PDF_AGREEMENT
  const text = useQuery({
    queryKey: ['agreement', key],
    queryFn: () => get<AgreementTextShape>(`/seal-apply/apply/agreement/${encodeURIComponent(key)}`, undefined, { silent: true }),
    staleTime: Infinity,
    retry: false,
  })
  const pdf = useQuery({
    queryKey: ['agreement', key, 'pdf'],
    queryFn: async () => (await getBlob(`/seal-apply/apply/agreement/${encodeURIComponent(key)}/pdf`)).arrayBuffer(),
    enabled: asPdf,
    staleTime: Infinity,
  })

  const failed = text.isError || (asPdf && pdf.isError)
  return (
    <div className="seal-apply-page agreement-text-page">
      <NavBar onBack={() => navigate(-1)}>{text.data?.title ?? '协议'}</NavBar>
      {failed && <ErrorBlock status="empty" title={text.isError ? '协议不存在' : messages.fileLoadFailed} description="" />}
      {!failed && (text.isPending || (asPdf && pdf.isPending)) && (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      )}
      {asPdf && pdf.data && <PdfDocument source={pdf.data} />}
      {!asPdf && text.data && (
        <article className="agreement-text">
          <h1>{text.data.title}</h1>
          <p>{text.data.preamble}</p>
          {text.data.clauses.map((clause, i) => (
            <section key={clause.heading}>
              <h2>
                {i + 1}. {clause.heading}
              </h2>
              {clause.items.map((item) => (
                <p key={item}>{item}</p>
              ))}
            </section>
          ))}
          <p>{text.data.closing}</p>
        </article>
      )}
    </div>
  )
}
