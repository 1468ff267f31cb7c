import { describe, expect, it } from 'vitest'
import { backlogListTypeLabels, backlogStatus, backlogStatusLabel } from './backlog.ts'

describe('backlog statuses', () => {
  it('label handled, rejected and withdrawn items', () => {
    expect(backlogStatusLabel(backlogStatus.HANDLED)).toBe('已处理')
    expect(backlogStatusLabel(backlogStatus.REJECTED)).toBe('已拒绝')
    expect(backlogStatusLabel(backlogStatus.WITHDRAWN)).toBe('已撤回')
  })

  it('show any other value as pending', () => {
    expect(backlogStatusLabel(2)).toBe(backlogStatusLabel(backlogStatus.PENDING))
  })

  it('name the two tabs', () => {
    expect(backlogListTypeLabels).toEqual({ 1: '待办列表', 4: '已处理' })
  })
})
