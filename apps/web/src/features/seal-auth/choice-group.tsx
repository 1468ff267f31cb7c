import type { KeyboardEvent } from 'react'
import { Radio, Space } from 'antd-mobile'

type Choice = { value: number; label: string }

/**
 * antd-mobile's Radio.Group, told to assistive technology as what it is: a radiogroup named by its label,
 * each choice a radio with aria-checked (antd-mobile hides its native inputs), chosen by tap, Space or Enter.
 */
export function ChoiceGroup({ label, choices, value, onChange, vertical }: { label: string; choices: Choice[]; value: number | null; onChange: (value: number) => void; vertical?: boolean }) {
  const choose = (choice: number) => (event: KeyboardEvent) => {
    if (event.key !== ' ' && event.key !== 'Enter') return
    event.preventDefault()
    onChange(choice)
  }
  const selected = choices.some((c) => c.value === value) ? value : null
  return (
    <div role="radiogroup" aria-label={label}>
      <Radio.Group value={value ?? undefined} onChange={(v) => onChange(Number(v))}>
        <Space direction={vertical ? 'vertical' : 'horizontal'}>
          {choices.map((choice, index) => {
            const checked = choice.value === value
            // One stop in the tab order: the chosen one, or the first when none is.
            const focusable = checked || (selected === null && index === 0)
            return (
              <span key={choice.value} role="radio" aria-checked={checked} tabIndex={focusable ? 0 : -1} onKeyDown={choose(choice.value)} onClick={() => onChange(choice.value)}>
                <Radio value={choice.value}>{choice.label}</Radio>
              </span>
            )
          })}
        </Space>
      </Radio.Group>
    </div>
  )
}
