import { describe, expect, it } from 'vitest'
import type { UseRecordItem } from '@seal/shared/api/use-records'
import { foldRemark, formatUseTime, groupByMonth, mergePages } from './use-record-logic.ts'

const record = (id: string, iso: string): UseRecordItem => ({
  id,
  sealId: 's1',
  sealName: '王小明的个人名章',
  remark: null,
  fileName: `${id}.pdf`,
  businessName: null,
  platformName: null,
  name: '王小明',
  timestamp: Date.parse(iso),
  fileId: null,
})

describe('foldRemark', () => {
  it('keeps a remark of up to 30 characters whole', () => {
    expect(foldRemark('合'.repeat(30))).toEqual({ text: '合'.repeat(30), folded: false })
    expect(foldRemark(null)).toEqual({ text: '', folded: false })
  })

  it('folds a longer one to its first 34 characters, counting characters rather than code units', () => {
    expect(foldRemark('同'.repeat(31))).toEqual({ text: '同'.repeat(31), folded: true })
    expect(foldRemark('章'.repeat(40))).toEqual({ text: `${'章'.repeat(34)}…`, folded: true })
    expect(foldRemark('𠮷'.repeat(40)).text).toBe(`${'𠮷'.repeat(34)}…`)
  })
})

describe('groupByMonth', () => {
  it('groups by the month in China, newest first, whatever order the records come in', () => {
    const groups = groupByMonth([
      record('a', '2026-10-31T15:59:00Z'), // 2026-10-31 23:59 in China
      record('b', '2026-11-23T02:00:00Z'),
      record('c', '2026-10-31T16:01:00Z'), // 2026-11-01 00:01 in China
    ])
    expect(groups.map((g) => [g.month, g.records.map((r) => r.id)])).toEqual([
      ['2026年11月', ['b', 'c']],
      ['2026年10月', ['a']],
    ])
    expect(groupByMonth([])).toEqual([])
  })

  it('prints the time in China', () => {
    expect(formatUseTime(Date.parse('2026-11-23T06:05:00Z'))).toBe('2026-11-23 14:05')
  })
})

describe('mergePages', () => {
  it('joins the pages in order and shows a record repeated across a page boundary once', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id, i) => record(id, `2026-11-2${3 - i}T08:00:00Z`))
    // A new record arrived between the two loads, so page 2 starts with page 1's last record again.
    expect(mergePages([[a!, b!], [b!, c!], [d!]]).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(mergePages([])).toEqual([])
  })
})
