/**
 * The older change and renewal pages (spec 001 §2 "Step-based application (older wizard)"). Every step
 * carries the seal (`sealId`) and, once saved, the application (`id`): a reload finds both.
 */
type Where = { sealId: string; id?: string | null | undefined }

const query = ({ sealId, id }: Where) => {
  const params = new URLSearchParams({ sealId })
  if (id) params.set('id', id)
  return `?${params}`
}

export const olderChangeRoutes = {
  changeIntro: '/seal-change',
  changeStep1: (where: Where) => `/seal-change/step-1${query(where)}`,
  changeStep2: (where: Where) => `/seal-change/step-2${query(where)}`,
  changeStep3: (changeType: string, where: Where) => `/seal-change/step-3/${encodeURIComponent(changeType)}${query(where)}`,
  changeStep31: (changeType: string, where: Where) => `/seal-change/step-3-1/${encodeURIComponent(changeType)}${query(where)}`,
  changeStep4: (where: Where) => `/seal-change/step-4${query(where)}`,
  renewalStep1: (where: Where) => `/seal-renewal/step-1${query(where)}`,
  renewalStep2: (where: Where) => `/seal-renewal/step-2${query(where)}`,
  renewalStep3: (id: string) => `/seal-renewal/step-3?${new URLSearchParams({ id })}`,
  result: (id: string) => `/new/seal-result?${new URLSearchParams({ id })}`,
  home: '/home',
} as const
