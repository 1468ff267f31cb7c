import { get } from '../../../lib/request/request.ts'
import { OFFLINE_APPLY } from './paths.ts'

/** GET …/offlineApply/deleteSealPic?id=: the seal item's pattern removed (the item stays). Silent. */
export function deleteSealPattern(input: { id: string; applyId: string }) {
  return get<unknown>(`${OFFLINE_APPLY}/deleteSealPic`, input, { silent: true })
}
