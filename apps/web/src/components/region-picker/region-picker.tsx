import { useState } from 'react'
import { CascadePicker } from 'antd-mobile'
import { regionLabels, regionValueOf, useRegions } from './use-regions.ts'
import './region-picker.css'

export type RegionPickerProps = {
  /** Province and city names, then the district code, as the tree gives them (spec 002 §3). */
  value?: string[]
  /** The chosen values and their labels (for showing, or for an address line). */
  onChange?: (value: string[], labels: string[]) => void
  placeholder?: string
  title?: string
  disabled?: boolean
  /** A district code the wheel starts on while nothing is chosen (e.g. the one a credit code names). */
  suggestedDistrict?: string
}

/**
 * Registration-region field: shows the chosen 省 / 市 / 区 and opens a three-column CascadePicker over
 * the server's region tree. Fits an antd-mobile `Form.Item` (value / onChange).
 */
export function RegionPicker({ value, onChange, placeholder = '请选择注册地', title = '选择注册地', disabled = false, suggestedDistrict }: RegionPickerProps) {
  const [visible, setVisible] = useState(false)
  const regions = useRegions()
  const labels = regions.data && value ? regionLabels(regions.data, value) : []
  // The wheel starts on the suggestion only while the field is empty; what was chosen always wins.
  const suggested = !value?.length && suggestedDistrict && regions.data ? regionValueOf(regions.data, suggestedDistrict) : undefined

  const open = () => {
    if (disabled) return
    if (regions.isError) void regions.refetch()
    setVisible(true)
  }

  return (
    <>
      <button type="button" className="region-picker-field" disabled={disabled} onClick={open}>
        {labels.length > 0 ? (
          <span className="region-picker-value">{labels.join(' / ')}</span>
        ) : (
          <span className="region-picker-placeholder">{regions.isError ? '地区加载失败，点击重试' : placeholder}</span>
        )}
        <span className="region-picker-arrow" aria-hidden>
          ›
        </span>
      </button>
      <CascadePicker
        title={title}
        options={regions.data ?? []}
        loading={regions.isPending}
        visible={visible}
        value={value?.length ? value : suggested}
        onClose={() => setVisible(false)}
        onConfirm={(picked) => {
          if (!regions.data) return
          const chosen = picked.filter((part): part is string => typeof part === 'string')
          onChange?.(chosen, regionLabels(regions.data, chosen))
        }}
      />
    </>
  )
}
