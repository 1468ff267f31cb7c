import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnitApplicationFormInput } from '@seal/shared/api/unit-apply'
import { reviewMessages } from '@seal/shared/api/unit-apply-admin'
import { messages } from '@seal/shared/messages'
import { unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { units } from '../auth/tables.ts'
import { seals } from '../seals/tables.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { applicantFor, creditCode, idNumber, insertApplication, type Applicant, type Person } from '../test/unit-applications.ts'
import type { KeyWrapper } from '../trust/key-wrap.ts'
import { approve, reviewSubmitted } from './review/run.ts'
import { unitApplications } from './tables.ts'
import { legalForm, pictureFor, setVerification, type TestPerson, credentialsOf, subjectOf } from './test-support.ts'

const person = (n: number, name: string): Person => ({ name, identityNo: idNumber(n), phone: `1372000${String(n).padStart(4, '0')}` })


/**
 * A rename renames the unit record first, then reissues each seal (review/change.ts changeUnit, then review/reissue.ts reissueItemSeal).
 * When one reissue fails at making time (here the key store refuses to wrap that seal's new key), the
 * seal keeps the old name in its certificate while the unit has the new one. The next change is not
 * "nothing changed": change detection sees the seal naming the unit as it was, asks for it (type 3), and
 * the change brings it in line (decisions.md "A seal left behind by a rename").
 */
describe('a seal left behind by a rename is brought in line by the next change', () => {
  let t: TestApp
  let legal: Applicant
  let wizardLegal: TestPerson
  const unit = { name: '补更科技有限公司', socialCreditCode: creditCode(711) }
  const newName = '补更新名科技有限公司'
  let official: string
  let contract: string
  const application = async (id: string) => (await t.db.select().from(unitApplications).where(eq(unitApplications.id, id)))[0]!
  const unitRow = async () => (await t.db.select().from(units).where(eq(units.socialCreditCode, unit.socialCreditCode)))[0]!
  const sealRow = async (id: string) => (await t.db.select().from(seals).where(eq(seals.id, id)))[0]!
  const call = (token: string, url: string, body: unknown) => t.call({ method: 'POST', url: `/api${url}`, body, token })

  beforeAll(async () => {
    t = await startTestApp()
    legal = await applicantFor(t, person(711, '冯补章'))
    wizardLegal = { id: legal.personId, ...legal, fileId: await pictureFor(t, legal.token) }
    const made = await insertApplication(t, { applicant: legal, unit, legal, seals: [{ sealTypeCode: '01' }, { sealTypeCode: '04' }] })
    await reviewSubmitted(t.app.trust, made.id)
    ;[official, contract] = (await application(made.id)).successSealItems.map((item) => item.sealId!) as [string, string]
  })
  afterAll(() => t.close())

  /** A change opened for `opened`, in the unit's name as typed, naming the seals given. */
  const changeForm = (unitName: string, opened: string, named: { sealId: string; sealTypeCode: string }[]): UnitApplicationFormInput => ({
    ...legalForm(wizardLegal, { unitName, socialCreditCode: unit.socialCreditCode }),
    businessType: 'CHANGE',
    sealId: opened,
    sealInfo: named.map((seal, i) => ({ _id: `s${i}`, ...seal, sealName: '', sealPic: wizardLegal.fileId })),
  })
  /** A draft saved, its unit verification passed, then moved to step 2: the answer of that move. */
  async function toStep2(form: UnitApplicationFormInput) {
    const draft = await call(legal.token, '/seal-apply/apply/temporary', form)
    expect(draft.body.resultStatus, draft.body.responseInfo).toBe('00')
    const id = draft.body.data.id as string
    await setVerification(t, id, true)
    return (await call(legal.token, '/seal-apply/apply/save', { ...form, id, step: '2' })).body
  }

  it('renames the unit and the official seal; the contract seal whose reissue failed keeps the old name', async () => {
    const change = await insertApplication(t, {
      applicant: legal,
      unit: { name: newName, socialCreditCode: unit.socialCreditCode },
      legal,
      businessType: 'CHANGE',
      seals: [
        { sealTypeCode: '01', sealId: official },
        { sealTypeCode: '04', sealId: contract },
      ],
    })
    // The key store fails for the contract seal's new key only (a KMS outage mid-way, say).
    const keys = t.app.trust.keys
    const failing: KeyWrapper = {
      keyId: keys.keyId,
      wrap: async (plain, context) => {
        if (context.startsWith(`seal:${contract}:`)) throw new Error('key store unavailable')
        return keys.wrap(plain, context)
      },
      unwrap: (wrapped, context) => keys.unwrap(wrapped, context),
    }
    const ended = await approve({ ...t.app.trust, keys: failing }, {
      applicationId: change.id,
      decisions: [
        { itemId: 'item-1', approve: true },
        { itemId: 'item-2', approve: true },
      ],
      reviewer: '审核员',
    })
    expect(ended).toMatchObject({
      applyStatus: 'APPLY_SUCCESS',
      successSealItems: [{ itemId: 'item-1', sealId: official, sealName: newName, failReason: null }],
      failSealItems: [{ itemId: 'item-2', sealId: null, failReason: reviewMessages.makingFailed }],
    })
    expect((await unitRow()).name).toBe(newName)
    expect((await sealRow(contract)).sealName).toBe(`${unit.name}合同专用章`)
    const credentials = await credentialsOf(t, contract)
    expect(credentials.map((c) => c.status)).toEqual(['active'])
    expect(subjectOf(credentials[0]!.certificateDer)).toContain(`O=${unit.name}, `)
  })

  it('no longer says nothing changed: the change is type 3 and must name the seal left behind, the others stay free', async () => {
    // Opened for the official seal (already in line), naming it alone: the contract seal is asked for.
    const without = await toStep2(changeForm(newName, official, [{ sealId: official, sealTypeCode: '01' }]))
    expect(without.responseInfo).toBe(unitApplyMessages.formerUnitSealsNeeded)
    // Opened for the contract seal, naming it alone: through, as a change of the name (every picture anew).
    const heal = await toStep2(changeForm(newName, contract, [{ sealId: contract, sealTypeCode: '04' }]))
    expect(heal).toMatchObject({ resultStatus: '00', data: { step: '2', changeType: '3' } })
  })

  it('reissues the seal under the unit’s name as it is, revoking the old certificate, and changes nothing else', async () => {
    const officialBefore = await credentialsOf(t, official)
    const unitBefore = await unitRow()
    const [old] = await credentialsOf(t, contract)
    const heal = await insertApplication(t, {
      applicant: legal,
      unit: { name: newName, socialCreditCode: unit.socialCreditCode },
      legal,
      businessType: 'CHANGE',
      seals: [{ sealTypeCode: '04', sealId: contract }],
    })
    await reviewSubmitted(t.app.trust, heal.id)
    expect(await application(heal.id)).toMatchObject({
      applyStatus: 'APPLY_SUCCESS',
      successSealItems: [{ sealId: contract, sealName: `${newName}合同专用章`, failReason: null }],
      failSealItems: [],
    })
    expect(await sealRow(contract)).toMatchObject({ sealName: `${newName}合同专用章`, status: '1' })
    const credentials = await credentialsOf(t, contract)
    expect(credentials.map((c) => c.status)).toEqual(['revoked', 'active'])
    expect(credentials[0]!.id).toBe(old!.id)
    expect(subjectOf(credentials[1]!.certificateDer)).toContain(`O=${newName}, organizationIdentifier=NTRCN-${unit.socialCreditCode}, CN=${newName}合同专用章`)

    // The unit and the seal already in line are as they were.
    expect(await unitRow()).toEqual(unitBefore)
    expect(await credentialsOf(t, official)).toEqual(officialBefore)
    // Everything in line again: the next change with nothing new is told so, as 001 §5 words it.
    const again = await toStep2(changeForm(newName, official, [{ sealId: official, sealTypeCode: '01' }]))
    expect(again.responseInfo).toBe(messages.legalApplicantNothingChanged)
  })
})
