import type { BindableSeal, PlatformItem } from '@seal/shared/api/binding'
import { bindSelection, type BindSelection } from '@seal/shared/codes/binding'
import { messages } from '@seal/shared/messages'

/** Seals bound on this screen, by seal id, with the record each binding made (for unselecting). */
export type Selected = ReadonlyMap<string, string>

/**
 * A seal's state on /binding-list (002 §3): selected once confirmed here (3); otherwise as the server says —
 * bound to the platform already (1) or selectable (2).
 *
 * @example
 * selectionOf({ id: 'a', selection: 2 }, new Map([['a', 'r1']])) // 3
 */
export function selectionOf(seal: Pick<BindableSeal, 'id' | 'selection'>, selected: Selected): BindSelection {
  return selected.has(seal.id) ? bindSelection.SELECTED : seal.selection
}

/**
 * The footer's 提交绑定(selected/total): the seals selectable when the screen opened or selected on it.
 *
 * @example
 * bindingCount([{ businessName: 'x', socialCreditCode: null, list: [{ id: 'a', selection: 2 }, { id: 'b', selection: 1 }] }], new Map()) // { selected: 0, total: 1 }
 */
export function bindingCount(groups: { list: Pick<BindableSeal, 'id' | 'selection'>[] }[] | undefined, selected: Selected) {
  const seals = (groups ?? []).flatMap((group) => group.list)
  const total = seals.filter((seal) => seal.selection === bindSelection.SELECTABLE || selected.has(seal.id)).length
  return { selected: seals.filter((seal) => selected.has(seal.id)).length, total }
}

/** What 提交绑定 does (002 §5): refuse with none selected, ask when some selectable seals are left, else go. */
export function submitCheck(count: { selected: number; total: number }): { refuse: string } | { ask: string } | { go: true } {
  if (count.selected === 0) return { refuse: messages.selectSealToBind }
  if (count.selected < count.total) return { ask: messages.unboundSealsConfirm }
  return { go: true }
}

/**
 * "(applied/total)" beside a platform's name; a platform without a limit shows its count alone.
 *
 * @example
 * platformCount({ alreadyBind: 3, totality: 20 }) // '(3/20)'
 * platformCount({ alreadyBind: 3, totality: null }) // '(3/不限)'
 */
export function platformCount(platform: Pick<PlatformItem, 'alreadyBind' | 'totality'>): string {
  return `(${platform.alreadyBind}/${platform.totality ?? '不限'})`
}

export const isPlatformFull = (platform: Pick<PlatformItem, 'alreadyBind' | 'totality'>) => platform.totality !== null && platform.alreadyBind >= platform.totality

/** What an empty platform list says: a search that found nothing, or no such platform configured (002 §5). */
export function emptyPlatformsMessage(search: string): string {
  return search.trim() ? messages.platformSearchEmpty : messages.platformConfigNotFound
}

/** How a seal is confirmed, in words. */
export const confirmMethodLabel = (useType: number) => (useType === 1 ? '签名确认' : useType === 3 ? '签名+密码确认' : '密码确认')
