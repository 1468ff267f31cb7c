import type { UseRecordItem } from '@seal/shared/api/use-records'
import { dayOf } from '@seal/shared/rules/use-record-range'
import { beijingMinute } from '@seal/shared/text/beijing-time'

/** A remark longer than this is folded, with 查看详情 for the whole text (spec 000 §5). */
export const REMARK_FOLD_OVER = 30
/** How much of a folded remark stays visible. */
export const REMARK_SHOWN = 34

/** The remark as the card shows it, and whether it was folded. Characters, not UTF-16 units, are counted. */
export function foldRemark(remark: string | null): { text: string; folded: boolean } {
  const characters = Array.from(remark ?? '')
  if (characters.length <= REMARK_FOLD_OVER) return { text: remark ?? '', folded: false }
  const shown = characters.slice(0, REMARK_SHOWN).join('')
  return { text: characters.length > REMARK_SHOWN ? `${shown}…` : shown, folded: true }
}

/**
 * The pages loaded so far as one list. A record made while the person scrolls pushes the older ones down a
 * place, so the next page can repeat the last record of the one before; it is shown once.
 */
export function mergePages(pages: UseRecordItem[][]): UseRecordItem[] {
  const byId = new Map<string, UseRecordItem>()
  for (const record of pages.flat()) if (!byId.has(record.id)) byId.set(record.id, record)
  return [...byId.values()]
}

export type MonthGroup = { month: string; records: UseRecordItem[] }

/** Records (newest first) grouped by their month in China, newest month first: 2026年11月. */
export function groupByMonth(records: UseRecordItem[]): MonthGroup[] {
  const groups: MonthGroup[] = []
  for (const record of [...records].sort((a, b) => b.timestamp - a.timestamp)) {
    const [year, month] = dayOf(record.timestamp).split('-')
    const label = `${year}年${month}月`
    const last = groups.at(-1)
    if (last?.month === label) last.records.push(record)
    else groups.push({ month: label, records: [record] })
  }
  return groups
}

/** 2026-11-23 14:05, in Beijing time (the one rule of every screen: @seal/shared/text/beijing-time). */
export function formatUseTime(epochMs: number): string {
  return beijingMinute(epochMs)
}
