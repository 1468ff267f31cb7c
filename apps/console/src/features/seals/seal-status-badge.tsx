import { sealStatusWide, sealStatusWideLabels, type SealStatusWide } from '@seal/shared/codes/seal-status'
import { Badge } from 'antd'

const tones: Partial<Record<SealStatusWide, 'success' | 'error' | 'warning' | 'processing' | 'default'>> = {
  [sealStatusWide.VALID]: 'success',
  [sealStatusWide.CANCELLED]: 'default',
  [sealStatusWide.REVOKED]: 'error',
}

export function SealStatusBadge({ status }: { status: SealStatusWide }) {
  return <Badge status={tones[status] ?? 'processing'} text={sealStatusWideLabels[status] ?? status} />
}
