import {
  offlineBusinessType,
  type OfflineBusinessType,
  type OfflineFlowPage,
} from '@seal/shared/codes/offline-status'

const OPERATOR = '/seal-apply/operator'
const withApplyId = (page: string, applyId: string) =>
  `${OPERATOR}/${page}?${new URLSearchParams({ applyId })}`

/** The operator's offline-materials pages (spec 001 §2 "Operator offline flow"), all but step-1 and temp by applyId. */
export const offlineRoutes = {
  /** step-1: a new application of `businessType` (1 new, 3 change, 4 renewal), or the draft `applyId`. */
  step1: (query: { applyId?: string; businessType?: OfflineBusinessType } = {}) => {
    const search = new URLSearchParams()
    if (query.applyId) search.set('applyId', query.applyId)
    if (query.businessType && query.businessType !== offlineBusinessType.APPLY)
      search.set('businessType', String(query.businessType))
    const text = search.toString()
    return `${OPERATOR}/step-1${text ? `?${text}` : ''}`
  },
  download: (applyId: string) => withApplyId('step-2', applyId),
  patterns: (applyId: string) => withApplyId('step-2-1', applyId),
  documents: (applyId: string) => withApplyId('step-2-2', applyId),
  submitted: (applyId: string) => withApplyId('step-3', applyId),
  result: (applyId: string) => withApplyId('step-3-1', applyId),
  mail: (applyId: string) => withApplyId('step-4', applyId),
  outcome: (applyId: string) => withApplyId('step-5', applyId),
  examples: `${OPERATOR}/temp`,
  /** The offline apply form of a change (3) or renewal (4). */
  unitForm: (applyType: OfflineBusinessType) => `/seal-apply/offline-form?applyType=${applyType}`,
  sealExample: '/seal-example/2',
  home: '/home',
  records: '/seal-apply/record-list',
} as const

/** A page of the flow after step-1 (offlineFlowAfter), as an address. */
export function offlinePage(page: OfflineFlowPage, applyId: string): string {
  switch (page) {
    case 'step-2':
      return offlineRoutes.download(applyId)
    case 'step-2-1':
      return offlineRoutes.patterns(applyId)
    case 'step-2-2':
      return offlineRoutes.documents(applyId)
    case 'step-4':
      return offlineRoutes.mail(applyId)
    default:
      return offlineRoutes.result(applyId)
  }
}

/** The offline form's businessType from a query value (1 when absent or unknown). */
export function offlineBusinessTypeOf(value: string | null): OfflineBusinessType {
  const number = Number(value)
  return number === offlineBusinessType.CHANGE || number === offlineBusinessType.RENEWAL
    ? number
    : offlineBusinessType.APPLY
}
