import { describe, expect, it } from 'vitest'
import { bindingCount, emptyPlatformsMessage, isPlatformFull, platformCount, selectionOf, submitCheck } from './binding-flow.ts'

const group = (seals: { id: string; selection: 1 | 2 }[]) => ({ list: seals })

describe('the binding list', () => {
  it('marks a seal selected once confirmed on the screen, else as the server says', () => {
    const selected = new Map([['a', 'r1']])
    expect(selectionOf({ id: 'a', selection: 2 }, selected)).toBe(3)
    // Refetched after binding, the server says 1 (bound): still the one selected here.
    expect(selectionOf({ id: 'a', selection: 1 }, selected)).toBe(3)
    expect(selectionOf({ id: 'b', selection: 1 }, selected)).toBe(1)
    expect(selectionOf({ id: 'c', selection: 2 }, selected)).toBe(2)
  })

  it('counts selected over selectable, leaving out seals bound before', () => {
    const groups = [group([{ id: 'a', selection: 2 }, { id: 'b', selection: 1 }]), group([{ id: 'c', selection: 2 }])]
    expect(bindingCount(groups, new Map())).toEqual({ selected: 0, total: 2 })
    expect(bindingCount(groups, new Map([['a', 'r1']]))).toEqual({ selected: 1, total: 2 })
    expect(bindingCount([group([{ id: 'a', selection: 1 }])], new Map([['a', 'r1']]))).toEqual({ selected: 1, total: 1 })
  })

  it('refuses to submit nothing, asks about seals left unbound, else submits', () => {
    expect(submitCheck({ selected: 0, total: 2 })).toEqual({ refuse: '请先选择绑定印章，完成用章确认' })
    expect(submitCheck({ selected: 1, total: 2 })).toEqual({ ask: '您有未绑定印章，是否确认提交' })
    expect(submitCheck({ selected: 2, total: 2 })).toEqual({ go: true })
  })
})

describe('the platform list', () => {
  it('shows (applied/total) and knows a full platform', () => {
    expect(platformCount({ alreadyBind: 3, totality: 20 })).toBe('(3/20)')
    expect(platformCount({ alreadyBind: 0, totality: null })).toBe('(0/不限)')
    expect(isPlatformFull({ alreadyBind: 10, totality: 10 })).toBe(true)
    expect(isPlatformFull({ alreadyBind: 10, totality: null })).toBe(false)
  })

  it('says a search found nothing, or that no platform is configured', () => {
    expect(emptyPlatformsMessage('不存在')).toBe('搜索无结果，请检查输入的平台名称')
    expect(emptyPlatformsMessage('')).toBe('未找到指定平台配置项，请确认')
  })
})
