import type { BacklogItem, BacklogListAnswer } from '@seal/shared/api/backlog'
import type { AuthorizationItem } from '@seal/shared/api/seal-auth'
import { backlogStatus, SEAL_AUTH_BACKLOG } from '@seal/shared/codes/backlog'
import { sealTypeLabel } from '@seal/shared/codes/seal-type'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { authorisationsWaitingFor } from './queries.ts'

/** The authorisations waiting for the caller to accept them, as 待办中心 items (issue #19 §4). */
export async function authorisationTodos(db: Database, caller: Caller, now: Date): Promise<BacklogItem[]> {
  const waiting = await authorisationsWaitingFor(db, caller, now)
  return waiting.map(({ item, sentAt }) => authorisationTodo(item, sentAt.getTime()))
}

/**
 * An authorisation waiting for the caller as a 待办中心 item: the unit (or the personal seal's owner), the
 * seal, who granted it, when it was sent; `authorization` tells the screen to open the acceptance.
 */
function authorisationTodo(item: AuthorizationItem, sentAt: number): BacklogItem {
  return {
    id: item.authId,
    businessId: item.authId,
    businessType: SEAL_AUTH_BACKLOG,
    status: backlogStatus.PENDING,
    applyStatus: '',
    sealUseCompany: item.businessName,
    sealTypeNames: sealTypeLabel(item.sealTypeCode),
    operationName: item.grantorName,
    createdAt: sentAt,
    attachments: [],
    authorization: {
      authId: item.authId,
      sealId: item.sealId,
      sealName: item.sealName,
      grantorName: item.grantorName,
      authUseType: item.authUseType,
      startTime: item.startTime,
      endTime: item.endTime,
    },
  }
}

/**
 * The 待办列表 tab with the authorisations waiting for the caller first, on its first page only: they are
 * few and all pending, so the applications' paging stays as it is and the total counts both.
 */
export function withAuthorisationTodos(page: BacklogListAnswer, todos: BacklogItem[]): BacklogListAnswer {
  if (todos.length === 0) return page
  return {
    ...page,
    records: page.pageNo === 1 ? [...todos, ...page.records] : page.records,
    total: page.total + todos.length,
    pages: Math.max(page.pages, 1),
  }
}
