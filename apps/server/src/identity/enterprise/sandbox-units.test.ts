import { describe, expect, it } from 'vitest'
import { isCreditCode, unitTypeOfCreditCode } from '@seal/shared/rules/credit-code'
import { isIdCard } from '@seal/shared/rules/id-card'
import { isPersonName, wizardUnitNameSchema } from '@seal/shared/rules/names'
import { isMobilePhone } from '@seal/shared/rules/phone'
import { demo } from '../../seed.ts'
import { sandboxUnits } from './sandbox-units.ts'

describe('the sandbox registry units', () => {
  it.each(Object.entries(sandboxUnits))(
    '%s passes the wizard rules and its unit type matches the credit code',
    (_key, unit) => {
      expect(isCreditCode(unit.socialCreditCode)).toBe(true)
      expect(isIdCard(unit.legalPersonIdentityNo)).toBe(true)
      expect(wizardUnitNameSchema.safeParse(unit.unitName).success).toBe(true)
      expect(isPersonName(unit.legalPersonName)).toBe(true)
      expect(isMobilePhone(unit.phone)).toBe(true)
      expect(unitTypeOfCreditCode(unit.socialCreditCode)).toBe(unit.unitTypeCode)
    },
  )

  it('holds the demo unit of the seed with its legal representative', () => {
    expect(sandboxUnits.demo).toMatchObject({
      socialCreditCode: demo.unit.socialCreditCode,
      unitName: demo.unit.name,
      legalPersonName: demo.legalPerson.name,
      legalPersonIdentityNo: demo.legalPerson.identityNo,
      regionCode: demo.unit.regionCode,
      phone: demo.legalPerson.phone,
    })
  })

  it('offers every outcome and an administrative or public institution', () => {
    const units = Object.values(sandboxUnits)
    expect(new Set(units.map((u) => u.outcome))).toEqual(new Set(['normal', '40075', 'timeout']))
    expect(units.some((u) => u.unitTypeCode === '06')).toBe(true)
    expect(new Set(units.map((u) => u.phone)).size).toBe(units.length)
  })
})
