import { describe, expect, it } from 'vitest'
import { applyRecordActions, applyStatus, applyStatusLabels, offlineApplyOutcome } from './apply-status.ts'

describe('application statuses', () => {
  it('show the record list labels as the spec quotes them', () => {
    expect(applyStatusLabels[applyStatus.TEMPORARY_SAVE]).toBe('暂存')
    expect(applyStatusLabels[applyStatus.LEGAL_REFUSED]).toBe('未签署，法人拒绝')
    expect(applyStatusLabels[applyStatus.SEALING]).toBe('处理中')
  })

  it('offer view, continue and delete, reapply or withdraw by status', () => {
    expect(applyRecordActions('APPLY_SUCCESS')).toEqual(['view'])
    expect(applyRecordActions('TEMPORARY_SAVE')).toEqual(['continue', 'delete'])
    expect(['APPLY_FAIL', 'CANCELED', 'LEGAL_REFUSED'].map(applyRecordActions)).toEqual([
      ['reapply'],
      ['reapply'],
      ['reapply'],
    ])
    // A submitted application waiting for a signature or a review can be looked at as well as withdrawn.
    expect(applyRecordActions('PENDING_SIGN')).toEqual(['view', 'withdraw'])
    expect(applyRecordActions('PENDING_REVIEW')).toEqual(['view', 'withdraw'])
    expect(applyRecordActions('SEALING')).toEqual(['view'])
  })

  it('read offline statuses, treating unknown codes as submitted', () => {
    expect(offlineApplyOutcome(7)).toBe('initial')
    expect([4, 11, 13].map(offlineApplyOutcome)).toEqual(['success', 'success', 'success'])
    expect([3, 5, 10].map(offlineApplyOutcome)).toEqual(['failure', 'failure', 'failure'])
    expect(offlineApplyOutcome(12)).toBe('pendingLegalSign')
    expect(offlineApplyOutcome(14)).toBe('legalRefused')
    expect([1, 2, 8, 9].map(offlineApplyOutcome)).toEqual(Array(4).fill('pending'))
    expect([0, 42].map(offlineApplyOutcome)).toEqual(['submitted', 'submitted'])
  })
})
