import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { get } from '../../../lib/request/request.ts'

/** GET /seal-apply/apply/detail?id: the stored application (no passwords). Silent: 加载失败,{msg} is shown by the wizard. */
export function getApplicationDetail(id: string) {
  return get<UnitApplicationDetail>('/seal-apply/apply/detail', { id }, { silent: true })
}
