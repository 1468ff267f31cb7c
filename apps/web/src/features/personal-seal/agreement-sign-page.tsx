import { useState } from 'react'
import { Button, DotLoading, ErrorBlock, List, Popup, Tabs, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { SignatureBoard } from '../../components/signature-board/signature-board.tsx'
import { useAgreements, type AgreementFile } from './api/get-agreements.ts'
import { useSignAgreement, type SignedAgreement } from './api/sign-agreement.ts'
import { StoredPdf } from '../../components/pdf-document/stored-pdf.tsx'
import { FlowLayout } from './flow-layout.tsx'
import { saveSample } from '../../components/signature-board/save-sample.ts'
import type { ReadyFlow } from './use-personal-flow.ts'

/**
 * `/personal-seal-apply/apply-agreement-sample` 协议签署 (spec 002 §2): the person reads each agreement,
 * signs once by hand on the board, and the agreements come back signed; the signed files are listed.
 */
export function PersonalSealAgreementSignPage() {
  return (
    <FlowLayout step="agreement" title="协议签署">
      {(flow) => <AgreementStep flow={flow} />}
    </FlowLayout>
  )
}

function AgreementStep({ flow }: { flow: ReadyFlow }) {
  const agreements = useAgreements()
  const signedBefore = flow.draft?.agreementFiles ?? []
  const [signed, setSigned] = useState<SignedAgreement[] | null>(signedBefore.length > 0 ? signedBefore : null)

  if (agreements.isError) return <ErrorBlock status="empty" title={messages.fileLoadFailed} description="" />
  if (!agreements.data) {
    return (
      <div className="page-loading">
        <DotLoading color="primary" />
      </div>
    )
  }
  const titleOf = (key: string) => agreements.data.find((item) => item.key === key)?.title ?? '协议'

  if (signed) return <SignedAgreements signed={signed} titleOf={titleOf} onNext={flow.goNext} onSignAgain={() => setSigned(null)} />
  return <ReadAndSign flow={flow} agreements={agreements.data} onSigned={setSigned} />
}

function ReadAndSign({ flow, agreements, onSigned }: { flow: ReadyFlow; agreements: AgreementFile[]; onSigned: (files: SignedAgreement[]) => void }) {
  const [active, setActive] = useState(agreements[0]?.key ?? '')
  const [signing, setSigning] = useState(false)
  const sign = useSignAgreement()

  const confirm = async (written: Parameters<typeof saveSample>[1]) => {
    const sample = await saveSample(flow.me, written)
    if (!sample) return
    const files = await sign.mutateAsync({ identity: flow.me.personCard, name: flow.me.personName, signatureId: sample.signatureId })
    setSigning(false)
    Toast.show({ icon: 'success', content: '签署成功' })
    onSigned(files)
  }

  return (
    <div className="agreement-reader">
      <Tabs activeKey={active} onChange={setActive}>
        {agreements.map((item) => (
          <Tabs.Tab key={item.key} title={item.title}>
            <StoredPdf fileId={item.fileId} />
          </Tabs.Tab>
        ))}
      </Tabs>
      <div className="agreement-footer">
        {/* Agreeing is the person's word for all of them: the first tap opens the board (issue 9). */}
        <Button block color="primary" size="large" onClick={() => setSigning(true)}>
          我已阅读并同意，手写签署
        </Button>
      </div>
      <Popup visible={signing} onMaskClick={() => !sign.isPending && setSigning(false)} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
        <div className="sign-popup">
          <h2>请在下方手写签名</h2>
          <SignatureBoard busy={sign.isPending} placeholder={`请${flow.me.personName}本人签名`} onConfirm={confirm} height="min(44vh, 300px)" />
        </div>
      </Popup>
    </div>
  )
}

function SignedAgreements({
  signed,
  titleOf,
  onNext,
  onSignAgain,
}: {
  signed: SignedAgreement[]
  titleOf: (key: string) => string
  onNext: () => void
  onSignAgain: () => void
}) {
  const [viewing, setViewing] = useState<SignedAgreement | null>(null)
  return (
    <>
      <List header="已签署的协议">
        {signed.map((file) => (
          <List.Item key={file.fileId} description="已签署" extra="查看" onClick={() => setViewing(file)}>
            {titleOf(file.key)}
          </List.Item>
        ))}
      </List>
      <div className="personal-actions">
        <Button block color="primary" size="large" onClick={onNext}>
          下一步
        </Button>
        <Button block fill="none" onClick={onSignAgain}>
          重新签署
        </Button>
      </div>
      <Popup visible={Boolean(viewing)} onMaskClick={() => setViewing(null)} position="right" bodyStyle={{ width: '100vw', overflowY: 'auto' }}>
        {viewing && (
          <div className="agreement-reader">
            <StoredPdf fileId={viewing.fileId} />
            <div className="agreement-footer">
              <Button block onClick={() => setViewing(null)}>
                返回
              </Button>
            </div>
          </div>
        )}
      </Popup>
    </>
  )
}
