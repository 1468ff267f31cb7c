import { useState } from 'react'
import { Button, DotLoading, Toast } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { messages } from '@seal/shared/messages'
import { listHandwriting } from '../../components/signature-board/handwriting-api.ts'
import { SignatureBoard, type SignatureResult } from '../../components/signature-board/signature-board.tsx'
import { useChoose } from './api/choose.ts'
import { SAMPLES_NEEDED, sampleCounter } from './apply-payload.ts'
import { FlowLayout } from './flow-layout.tsx'
import { readSamples, writeSamples } from './flow-store.ts'
import { saveSample } from '../../components/signature-board/save-sample.ts'
import type { ReadyFlow } from './use-personal-flow.ts'

/**
 * `/personal-seal-apply/step-4` 选择签名 (spec 002 §4, §9): three handwriting samples, counted 1/3, 2/3,
 * 3/3 (a sample that does not match says 识别不通过 and does not count), then the person chooses one.
 */
export function PersonalSealSignaturePage() {
  return (
    <FlowLayout step="signature" title="选择签名">
      {(flow) => <SignatureStep flow={flow} />}
    </FlowLayout>
  )
}

function SignatureStep({ flow }: { flow: ReadyFlow }) {
  const [written, setWritten] = useState<string[]>(readSamples)
  // Back on this step after choosing (the draft has the signature): straight to the choice.
  const [choosing, setChoosing] = useState(() => written.length >= SAMPLES_NEEDED || Boolean(flow.draft?.signatureId))

  const keep = (ids: string[]) => {
    writeSamples(ids)
    setWritten(ids)
  }

  const confirm = async (result: SignatureResult) => {
    const sample = await saveSample(flow.me, result)
    if (!sample) return
    const next = [...written, sample.signatureId]
    keep(next)
    if (next.length >= SAMPLES_NEEDED) {
      Toast.show({ icon: 'success', content: '签名采集完成，请选择签名' })
      setChoosing(true)
    }
  }

  if (choosing) {
    return (
      <ChooseSignature
        flow={flow}
        written={written}
        onWriteAgain={() => {
          keep([])
          setChoosing(false)
        }}
      />
    )
  }

  return (
    <div className="sign-popup">
      <SignatureBoard placeholder={`请${flow.me.personName}本人签名`} onConfirm={confirm}>
        <p className="sign-counter">
          签名采集 <strong>{sampleCounter(written.length)}</strong>
        </p>
        <p className="personal-note">请书写{SAMPLES_NEEDED}次本人签名，字迹清晰、工整，完成后从中选择一个作为您的签名</p>
      </SignatureBoard>
    </div>
  )
}

function ChooseSignature({ flow, written, onWriteAgain }: { flow: ReadyFlow; written: string[]; onWriteAgain: () => void }) {
  const samples = useQuery({ queryKey: ['handwriting', 'list'], queryFn: listHandwriting })
  const choose = useChoose()
  const all = samples.data?.list ?? []
  // The samples written just now; after a reload in a new session, all of the person's samples.
  const fresh = all.filter((item) => written.includes(item.signatureId))
  const shown = fresh.length > 0 ? fresh : all
  const [selected, setSelected] = useState<string | null>(flow.draft?.signatureId ?? null)

  const next = async () => {
    if (!selected || !shown.some((item) => item.signatureId === selected)) {
      Toast.show({ content: messages.signatureRequired })
      return
    }
    try {
      await choose.mutateAsync({ signatureId: selected })
      flow.goNext()
    } catch {
      // Shown by the request module; the choice stays.
    }
  }

  return (
    <>
      <section className="personal-section">
        <h2>请选择一个签名</h2>
        {samples.isPending && <DotLoading color="primary" />}
        <div className="choice-grid" role="radiogroup" aria-label="签名">
          {shown.map((item, index) => (
            <button
              type="button"
              key={item.signatureId}
              role="radio"
              aria-checked={selected === item.signatureId}
              className="choice-card"
              onClick={() => setSelected(item.signatureId)}
            >
              <img src={item.signaturePreview} alt={`签名${index + 1}`} />
              <span>签名{index + 1}</span>
            </button>
          ))}
        </div>
      </section>
      <div className="personal-actions">
        <Button block color="primary" size="large" loading={choose.isPending} onClick={() => void next()}>
          下一步
        </Button>
        <Button block fill="none" onClick={onWriteAgain}>
          重新签名
        </Button>
      </div>
    </>
  )
}
