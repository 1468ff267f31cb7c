import { useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, DotLoading, ErrorBlock, Input, NavBar, Switch } from 'antd-mobile'
import { sealUseMessages } from '@seal/shared/api/sign-document'
import { sealStatus } from '@seal/shared/codes/seal-status'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { Loaded } from '../../components/loaded.tsx'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { SealPicture } from '../my-seals/seal-picture.tsx'
import { apiLink } from '../../lib/request/request.ts'
import { fileBytes, signDocument, useChosenSignature, useSeal, useSealUseInfo, useUsableSeals } from './api.ts'
import { ConfirmUse, type UseProof } from './confirm-use.tsx'
import { PickPdf, type PickedPdf } from './pick-pdf.tsx'
import { PlaceSeal, type Placement } from './place-seal.tsx'
import type { PdfBox } from './placement.ts'
import { SealedResult } from './sealed-result.tsx'
import './seal-use.css'

/**
 * 用章 `/seal-use/:sealId?` (ours, issue #12 item 5): choose a PDF, tap a page to put the seal there (drag
 * to adjust; a name seal's holder may add their handwriting beside it), confirm with the password or the
 * handwriting the use method asks for, then see, download, share and check the sealed document. Without
 * a seal in the address, the seals the caller may use are listed to choose from (the entry from home).
 */
export function SealUsePage() {
  const navigate = useNavigate()
  const { sealId } = useParams()
  return (
    <div className="seal-use-page">
      <NavBar onBack={() => navigate(-1)}>用章</NavBar>
      {sealId ? <UseFlow key={sealId} sealId={sealId} /> : <SealChooser />}
    </div>
  )
}

function SealChooser() {
  const navigate = useNavigate()
  const { data: me } = useLoginInfo()
  const seals = useUsableSeals(me)
  return (
    <Loaded query={seals} isEmpty={(list) => list.length === 0} emptyTitle={messages.noAvailableSeal}>
      {(list) => (
        <>
          <p className="seal-use-intro">请选择要使用的印章</p>
          <ul className="seal-use-seals" aria-label="可用印章">
            {list.map((seal) => (
              <li key={seal.id}>
                <button type="button" onClick={() => navigate(`/seal-use/${seal.id}`)}>
                  <SealPicture seal={seal} />
                  <span>
                    <strong>{seal.sealName}</strong>
                    <small>{seal.businessName}</small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Loaded>
  )
}

function UseFlow({ sealId }: { sealId: string }) {
  const client = useQueryClient()
  const { data: me } = useLoginInfo()
  const seal = useSeal(sealId)
  const info = useSealUseInfo(sealId)
  const [picked, setPicked] = useState<PickedPdf | null>(null)
  const [placement, setPlacement] = useState<Placement | null>(null)
  const [withHandwriting, setWithHandwriting] = useState(false)
  const [handwritingBox, setHandwritingBox] = useState<PdfBox | null>(null)
  const [remark, setRemark] = useState('')
  const [confirming, setConfirming] = useState(false)
  // The sealed document is in the address (?sealed=fileId&name=…): back from 验章, or a reload, shows it again.
  const [params, setParams] = useSearchParams()
  const sealedId = params.get('sealed')
  const chosenSignature = useChosenSignature(info.data?.handwriting === true)

  const startAgain = () => {
    setPicked(null)
    setPlacement(null)
    setRemark('')
    setParams({}, { replace: true })
  }

  const confirm = async (proof: UseProof) => {
    if (!picked || !placement) return
    const document = await signDocument({
      sealId,
      fileId: picked.fileId,
      page: placement.page,
      x: placement.seal.x,
      y: placement.seal.y,
      remark: remark.trim() || undefined,
      handwriting: withHandwriting && handwritingBox ? handwritingBox : undefined,
      ...proof,
    })
    setConfirming(false)
    setParams({ sealed: document.fileId, name: document.fileName }, { replace: true })
    window.scrollTo(0, 0)
    await client.invalidateQueries({ queryKey: ['use-records'] })
  }

  if (seal.isError || info.isError) return <ErrorBlock status="empty" title={messages.noAvailableSeal} description="" />
  if (!seal.data || !info.data || !me) {
    return (
      <div className="page-loading">
        <DotLoading color="primary" />
        <span>加载中</span>
      </div>
    )
  }
  const item = seal.data
  const use = info.data
  if (item.status !== sealStatus.IN_EFFECT) return <ErrorBlock status="default" title={sealUseMessages.sealNotInEffect} description="" />
  const recordsPath = `/seal-use-record/${item.sealTypeCode === sealTypeCode.PERSONAL_NAME ? 'personal' : 'company'}/${item.id}`

  if (sealedId) return <SealedView fileId={sealedId} fileName={params.get('name') ?? '已签章文件.pdf'} recordsPath={recordsPath} onAgain={startAgain} />
  if (!picked) return <PickPdf seal={item} useType={use.useType} onPicked={setPicked} />

  const handwriting = withHandwriting ? (chosenSignature.data ?? null) : null
  return (
    <>
      <p className="seal-use-intro" role="status">
        {placement ? `已放置在第${placement.page}页，按住印章可拖动调整位置` : sealUseMessages.placeHint}
      </p>
      <PlaceSeal
        pdf={picked.bytes}
        sealPicture={item.sealPic ? apiLink(item.sealPic) : null}
        sealSize={{ width: use.sealWidth, height: use.sealHeight }}
        placement={placement}
        onPlace={setPlacement}
        handwriting={handwriting}
        onHandwritingBox={setHandwritingBox}
      />
      <footer className="seal-use-footer">
        <Input value={remark} onChange={setRemark} placeholder="用章事由（选填）" maxLength={200} aria-label="用章事由" clearable />
        {use.handwriting && (
          <label className="seal-use-switch">
            <span>同时加盖手写签名</span>
            <Switch checked={withHandwriting} onChange={setWithHandwriting} aria-label="同时加盖手写签名" />
          </label>
        )}
        <div className="seal-use-footer-buttons">
          <Button onClick={startAgain}>重新选择文件</Button>
          <Button color="primary" disabled={!placement || (withHandwriting && !handwritingBox)} onClick={() => setConfirming(true)}>
            确认用章
          </Button>
        </div>
      </footer>
      <ConfirmUse visible={confirming} me={me} role={use.role} useType={use.useType} onClose={() => setConfirming(false)} onConfirm={confirm} />
    </>
  )
}

function SealedView({ fileId, fileName, recordsPath, onAgain }: { fileId: string; fileName: string; recordsPath: string; onAgain: () => void }) {
  const file = useQuery({
    queryKey: ['file', 'sealed', fileId],
    queryFn: async () => {
      const pdf = await fileBytes(fileId)
      return { pdf, bytes: await pdf.arrayBuffer() }
    },
    staleTime: Infinity,
  })
  if (file.isError) return <ErrorBlock status="disconnected" title={messages.fileLoadFailed} description="" />
  if (!file.data) {
    return (
      <div className="page-loading">
        <DotLoading color="primary" />
        <span>加载中</span>
      </div>
    )
  }
  return <SealedResult sealed={{ fileId, fileName }} pdf={file.data.pdf} bytes={file.data.bytes} recordsPath={recordsPath} onAgain={onAgain} />
}
