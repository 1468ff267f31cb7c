import { describe, expect, it } from 'vitest'
import { fieldLocks, type FieldLocks } from './field-locks.ts'

const open: FieldLocks = { unitName: false, legalPersonName: false, legalPersonIdentity: false, operatorIdentity: false }

// Every business type × applicant (spec 001 §6 "Field locks").
const table: [string, string, FieldLocks][] = [
  ['APPLY', 'LEGAL_APPLY', open],
  ['APPLY', 'OPERATOR_APPLY', { ...open, operatorIdentity: true }],
  ['RETRIEVE', 'LEGAL_APPLY', open],
  ['RETRIEVE', 'OPERATOR_APPLY', open],
  ['CHANGE', 'LEGAL_APPLY', { ...open, legalPersonName: true, operatorIdentity: true }],
  ['CHANGE', 'OPERATOR_APPLY', { ...open, legalPersonName: true, operatorIdentity: true }],
  ['RENEWAL', 'LEGAL_APPLY', { unitName: true, legalPersonName: true, legalPersonIdentity: true, operatorIdentity: true }],
  ['RENEWAL', 'OPERATOR_APPLY', { unitName: true, legalPersonName: true, legalPersonIdentity: true, operatorIdentity: true }],
  ['CANCEL', 'LEGAL_APPLY', { unitName: true, legalPersonName: true, legalPersonIdentity: true, operatorIdentity: true }],
  ['CANCEL', 'OPERATOR_APPLY', { unitName: true, legalPersonName: true, legalPersonIdentity: true, operatorIdentity: true }],
]

describe('field locks of the new wizard', () => {
  it.each(table)('%s by %s locks what the spec fixes and nothing else', (type, kind, locks) => {
    expect(fieldLocks(type as never, kind as never)).toEqual(locks)
  })
})
