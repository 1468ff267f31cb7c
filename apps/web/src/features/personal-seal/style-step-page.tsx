import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock, Toast } from 'antd-mobile'
import type { PersonalSealStyleCode } from '@seal/shared/api/personal-seal'
import { messages } from '@seal/shared/messages'
import { useChoose } from './api/choose.ts'
import { useStylePreview } from './api/get-style-preview.ts'
import { FlowLayout } from './flow-layout.tsx'
import { personalSealRoutes } from './flow-steps.ts'
import { sealStyleInfo } from './seal-styles.ts'
import type { ReadyFlow } from './use-personal-flow.ts'

/** Our wording: nothing picked yet. */
export const chooseStyleMessage = '请选择名章样式'

/** `/personal-seal-apply/step-5` 选择名章样式: the three styles drawn from the person's name, to pick one. */
export function PersonalSealStylePage() {
  return (
    <FlowLayout step="style" title="选择名章样式">
      {(flow) => <StyleStep flow={flow} />}
    </FlowLayout>
  )
}

function StyleStep({ flow }: { flow: ReadyFlow }) {
  const preview = useStylePreview()
  const choose = useChoose()
  const [selected, setSelected] = useState<PersonalSealStyleCode | null>(flow.draft?.style ?? null)

  const next = async () => {
    if (!selected) {
      Toast.show({ content: chooseStyleMessage })
      return
    }
    try {
      await choose.mutateAsync({ style: selected })
      flow.goNext()
    } catch {
      // Shown by the request module; the choice stays.
    }
  }

  return (
    <>
      <section className="personal-section">
        <h2>请选择名章样式</h2>
        {preview.isPending && <DotLoading color="primary" />}
        {preview.isError && <ErrorBlock status="disconnected" title={messages.loadingRetry} description="" />}
        <div className="choice-grid choice-grid-three" role="radiogroup" aria-label="名章样式">
          {preview.data?.map((item) => (
            <button
              type="button"
              key={item.style}
              role="radio"
              aria-checked={selected === item.style}
              className="choice-card"
              onClick={() => setSelected(item.style)}
            >
              <img src={item.image} alt={`样式${item.style}：${sealStyleInfo[item.style].name}`} />
              <span>{sealStyleInfo[item.style].name}</span>
            </button>
          ))}
        </div>
        <p className="personal-note">
          <Link to={personalSealRoutes.styleWhy}>名章样式说明</Link>
        </p>
      </section>
      <div className="personal-actions">
        <Button block color="primary" size="large" loading={choose.isPending} onClick={() => void next()}>
          下一步
        </Button>
      </div>
    </>
  )
}
