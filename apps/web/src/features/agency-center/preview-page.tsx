import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { ErrorBlock, NavBar, Tabs } from 'antd-mobile'
import { legalDownloadPath, signedFileKeys } from '@seal/shared/api/unit-apply'
import { messages } from '@seal/shared/messages'
import { Loaded } from '../../components/loaded.tsx'
import { useSignDocuments } from '../apply-sign/api/sign-documents.ts'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import { useBacklogDetail } from './api/backlog.ts'
import { agencyLinks } from './links.ts'
import './agency-center.css'

type Shown = { key: string; title: string; fileId: string; path?: string }

const isSignedFileKey = (key: string): key is (typeof signedFileKeys)[number] => (signedFileKeys as readonly string[]).includes(key)

/**
 * `/agency-center/preview?id=` 文件预览 (spec 002 §2): the documents of the item, one tab each. While it
 * waits for the legal representative these are the documents to sign (unsigned); once signed, the signed ones.
 */
export function AgencyPreviewPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const detail = useBacklogDetail(id)
  const pending = detail.data?.canSign === true
  const unsigned = useSignDocuments(pending ? id : '')
  const documents: Shown[] | undefined = !detail.data
    ? undefined
    : pending
      ? unsigned.data
      : // Signed documents are the legal representative's files: read through the application, which the operator may read too.
        detail.data.backLogDetail.attachments.map((a) => ({
          key: a.key,
          title: a.fileName.replace(/\.pdf$/, ''),
          fileId: a.fileId,
          path: isSignedFileKey(a.key) ? legalDownloadPath(id, a.key) : undefined,
        }))
  const query = { data: documents, isPending: detail.isPending || (pending && unsigned.isPending), isError: detail.isError || unsigned.isError, refetch: () => (pending ? unsigned.refetch() : detail.refetch()) }
  return (
    <div className="agency-preview-page">
      <NavBar onBack={() => navigate(agencyLinks.detail(id))}>文件预览</NavBar>
      {id ? (
        <Loaded query={query} isEmpty={(list) => list.length === 0} emptyTitle="暂无可预览的文件">
          {(list) => <DocumentTabs documents={list} />}
        </Loaded>
      ) : (
        <ErrorBlock status="empty" title={messages.missingApplyId} description="" />
      )}
    </div>
  )
}

function DocumentTabs({ documents }: { documents: Shown[] }) {
  const [active, setActive] = useState(documents[0]!.key)
  const shown = documents.find((d) => d.key === active) ?? documents[0]!
  return (
    <>
      <Tabs activeKey={shown.key} onChange={setActive}>
        {documents.map((d) => (
          <Tabs.Tab key={d.key} title={d.title} />
        ))}
      </Tabs>
      <StoredPdf key={shown.fileId} fileId={shown.fileId} path={shown.path} />
    </>
  )
}
