import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealAuthMessages } from '@seal/shared/api/seal-auth'
import { messages } from '@seal/shared/messages'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { samplePdf, uploadFile } from '../test/seals.ts'
import type { TestPerson } from '../unit-apply/test-support.ts'
import { NOT_YOUR_ROLE } from '../seals/roles.ts'
import { accept, callAs, creationData, grant, idNumber, personFor, sampleOf, sceneFor, writerOf, type Scene } from './test-support.ts'

/**
 * The authorisation matrix of issue #11: every seal and authorisation endpoint × every kind of caller,
 * each cell asserting allowed or refused. "Allowed" means the endpoint acted on the seal for them (or, for
 * a list, showed them the seal's data); "refused" means they learnt nothing beyond a refusal. Wrong
 * passwords are used where a call would change something, so the cells do not disturb one another; the
 * only call that does (cancelAuthByParams) comes last.
 */

const personas = ['holder', 'company', 'manager', 'user', 'pending', 'revoked', 'otherLegal', 'stranger', 'none'] as const
type Persona = (typeof personas)[number]

/** What a refusal looks like: no session, or one of these answers. */
const refusals = new Set<string>(['数据不存在', '文件ID不存在', NOT_YOUR_ROLE, sealAuthMessages.notAuthorised, sealAuthMessages.notAccepted, messages.legalPersonCannotRemoveSelf, sealAuthMessages.draftGone])

describe('who may call what on a seal and its authorisations', () => {
  let t: TestApp
  let scene: Scene
  const people = {} as Record<Persona, (TestPerson & { token: string }) | null>
  const fixtures = { pendingAuth: '', userLetter: '', draft: '', userName: '' }
  const table: Record<string, Record<Persona, 'allowed' | 'refused'>> = {}

  beforeAll(async () => {
    t = await startTestApp()
    scene = await sceneFor(t, 21)
    const other = await sceneFor(t, 22)
    const person = (name: string, n: number) => personFor(t, { name, identityNo: idNumber(900 + n) })
    const manager = await person('管理员甲', 1)
    const user = await person('用章人乙', 2)
    const pending = await person('待确认丙', 3)
    const revoked = await person('已解除丁', 4)
    const stranger = await person('路人戊', 5)
    await accept(t, manager, await grant(t, scene, manager, { authUseType: 2 }), scene.sealId)
    const userAuth = await grant(t, scene, user)
    fixtures.userLetter = (await accept(t, user, userAuth, scene.sealId)).authFileId
    fixtures.userName = user.name
    fixtures.pendingAuth = await grant(t, scene, pending)
    const revokedAuth = await grant(t, scene, revoked)
    await accept(t, revoked, revokedAuth, scene.sealId)
    await callAs(t)(scene.enterprise, '/sealAuth/v4/cancelAuth', { authId: revokedAuth })
    fixtures.draft = (await callAs(t)(scene.legal.token, '/sealAuth/createAuth', creationData(scene, stranger))).body.data.stashAuthId
    Object.assign(people, {
      holder: scene.legal,
      company: { ...scene.legal, token: scene.enterprise },
      manager,
      user,
      pending,
      revoked,
      otherLegal: other.legal,
      stranger,
      none: null,
    })
  })
  afterAll(() => t.close())

  type Probe = (who: Persona) => Promise<'allowed' | 'refused'>
  const call = (who: Persona, url: string, body?: unknown) => callAs(t)(people[who]?.token, url, body)
  /** Refused when the session is missing or the answer is one of the refusals; else the endpoint acted. */
  const acted = async (who: Persona, url: string, body?: unknown) => {
    const result = await call(who, url, body)
    if (result.status === 401 || result.body.resultStatus === '401') return 'refused'
    return refusals.has(result.body.responseInfo) ? 'refused' : 'allowed'
  }
  /** For lists: allowed when the answer holds the seal (or its authorisations). */
  const shows = async (who: Persona, url: string, body: unknown, holds: (data: any) => boolean) => {
    const result = await call(who, url, body)
    if (result.status === 401 || result.body.resultStatus !== '00') return 'refused'
    return holds(result.body.data) ? 'allowed' : 'refused'
  }
  const sealRef = () => ({ sealId: scene.sealId })
  const freshDraft = async () => (await callAs(t)(scene.enterprise, '/sealAuth/createAuth', creationData(scene, await personFor(t, { name: '临时', identityNo: idNumber(950 + Math.floor(Math.random() * 40)) })))).body.data.stashAuthId as string

  const holdersAndUsers: Persona[] = ['holder', 'company', 'manager', 'user']
  const managing: Persona[] = ['holder', 'company', 'manager']
  const holderOnly: Persona[] = ['holder', 'company']

  const endpoints: [string, Probe, Persona[]][] = [
    ['POST /seal/detail', (w) => acted(w, '/seal/detail', sealRef()), holdersAndUsers],
    ['POST /seal/getSealPicById', (w) => acted(w, '/seal/getSealPicById', sealRef()), holdersAndUsers],
    ['POST /signSealLog/queryByTypeAndSocialCreditCode', (w) => acted(w, '/signSealLog/queryByTypeAndSocialCreditCode', sealRef()), holdersAndUsers],
    ['POST /seal/pinVerifyNew', (w) => acted(w, '/seal/pinVerifyNew', { ...sealRef(), pin: 'wrong123' }), holdersAndUsers],
    ['POST /sealAuth/sealVerify', (w) => acted(w, '/sealAuth/sealVerify', { ...sealRef(), password: 'wrong123' }), holdersAndUsers],
    ['POST /sealAuth/editPassword', (w) => acted(w, '/sealAuth/editPassword', { ...sealRef(), password: 'new12345', oldPassword: 'wrong123' }), holdersAndUsers],
    ['POST /seal/editPinNew', (w) => acted(w, '/seal/editPinNew', { ...sealRef(), newPin: 'new12345', ranId: 'no-such-check' }), holderOnly],
    ['POST /sealAuth/editLegalUseType', (w) => acted(w, '/sealAuth/editLegalUseType', { socialCreditCode: scene.unit.socialCreditCode, useType: 2, password: 'wrong123' }), holderOnly],
    ['POST /seal/revokeNew', (w) => acted(w, '/seal/revokeNew', { ...sealRef(), pin: 'wrong123' }), holderOnly],
    [
      'POST /seal/signDocument',
      async (w) => {
        const who = people[w]
        const fileId = who ? await uploadFile(t, who.token, { name: '合同.pdf', bytes: await samplePdf(), type: 'application/pdf' }) : 'none'
        return acted(w, '/seal/signDocument', { ...sealRef(), fileId, pin: 'wrong123' })
      },
      holdersAndUsers,
    ],
    ['POST /sealAuth/createAuth', (w) => acted(w, '/sealAuth/createAuth', { ...creationData(scene, { name: '新人', identityNo: idNumber(990), phone: '13900009990' } as TestPerson), endTime: 0 }), managing],
    ['POST /sealAuth/queryListBySeal', (w) => acted(w, '/sealAuth/queryListBySeal', sealRef()), managing],
    ['POST /sealAuth/queryRole', (w) => shows(w, '/sealAuth/queryRole', sealRef(), (data) => data.role !== null), holdersAndUsers],
    ['POST /sealAuth/sealStatus', (w) => acted(w, '/sealAuth/sealStatus', sealRef()), [...holdersAndUsers, 'pending']],
    ['POST /sealAuth/verifyAuthByIdentityAndSealId', (w) => acted(w, '/sealAuth/verifyAuthByIdentityAndSealId', { ...sealRef(), usePassword: 'wrong123' }), ['manager', 'user']],
    ['POST /sealAuth/editUseType', async (w) => acted(w, '/sealAuth/editUseType', { authId: fixtures.pendingAuth, useType: 2 }), managing],
    ['POST /sealAuth/cancelAuth', async (w) => acted(w, '/sealAuth/cancelAuth', { authId: await freshDraft() }), managing],
    ['GET /sealAuth/getLowPersonAuthFile', (w) => acted(w, `/sealAuth/getLowPersonAuthFile?stashAuthId=${fixtures.draft}`), holderOnly],
    [
      'POST /sealAuth/submitLowPersonAuthFile',
      async (w) => acted(w, '/sealAuth/submitLowPersonAuthFile', { stashAuthId: fixtures.draft, lawPersonSignId: people[w] ? await sampleOf(t, people[w]!, writerOf(people[w]!)) : 'x', password: 'wrong123' }),
      holderOnly,
    ],
    ['GET /sealAuth/getUseSealAuthFile', (w) => acted(w, `/sealAuth/getUseSealAuthFile?authId=${fixtures.pendingAuth}`), ['pending']],
    ['POST /sealAuth/confirmPersonNew', (w) => acted(w, '/sealAuth/confirmPersonNew', { ...sealRef(), usePasswod: '1', confirmUsePassowrd: '2' }), ['pending']],
    ['POST /sealAuth/queryAuthDetail', (w) => acted(w, '/sealAuth/queryAuthDetail', { authId: fixtures.pendingAuth }), ['pending']],
    ['POST /sealAuth/submitUseSealPersonAuthFile', (w) => acted(w, '/sealAuth/submitUseSealPersonAuthFile', { authId: fixtures.pendingAuth, useSealPersonSignId: 'x' }), ['pending']],
    [
      'GET /sealAuth/authFile/:fileId',
      async (w) => {
        const response = await t.app.inject({ method: 'GET', url: `/api/sealAuth/authFile/${fixtures.userLetter}`, headers: people[w] ? { authorization: `Bearer ${people[w]!.token}` } : {} })
        return String(response.headers['content-type']).includes('pdf') ? 'allowed' : 'refused'
      },
      holdersAndUsers,
    ],
    ['POST /sealAuth/querySealListByAll', (w) => shows(w, '/sealAuth/querySealListByAll', { status: 2 }, (data) => data.list.some((i: { sealId: string }) => i.sealId === scene.sealId)), holdersAndUsers],
    ['POST /sealAuth/queryOrgPersons', (w) => acted(w, '/sealAuth/queryOrgPersons', { socialCreditCode: scene.unit.socialCreditCode }), managing],
    ['POST /sealAuth/queryHistoryAuthPersonInfo', (w) => shows(w, '/sealAuth/queryHistoryAuthPersonInfo', { name: fixtures.userName.slice(0, 1), socialCreditCode: scene.unit.socialCreditCode }, (data) => data.length > 0), managing],
    ['POST /sealAuth/getAvailableSeal', (w) => shows(w, '/sealAuth/getAvailableSeal', {}, (data) => data.some((s: { sealId: string }) => s.sealId === scene.sealId)), managing],
    ['POST /seal/queryGroupByBusiness', (w) => shows(w, '/seal/queryGroupByBusiness', {}, (data) => data.some((g: { list: { id: string }[] }) => g.list.some((s) => s.id === scene.sealId))), holdersAndUsers],
    // Last: it ends the caller's own authorisation.
    ['POST /sealAuth/cancelAuthByParams', (w) => acted(w, '/sealAuth/cancelAuthByParams', sealRef()), ['manager', 'user', 'pending']],
  ]

  it.each(endpoints)('%s', async (name, probe, allowed) => {
    const row = {} as Record<Persona, 'allowed' | 'refused'>
    for (const who of personas) row[who] = await probe(who)
    table[name] = row
    const expected = Object.fromEntries(personas.map((who) => [who, allowed.includes(who) ? 'allowed' : 'refused']))
    expect(row).toEqual(expected)
  })

  it('prints the matrix', () => {
    const lines = [`| endpoint | ${personas.join(' | ')} |`, `|---|${personas.map(() => '---').join('|')}|`]
    for (const [name, row] of Object.entries(table)) lines.push(`| ${name} | ${personas.map((who) => (row[who] === 'allowed' ? '✓' : '✗')).join(' | ')} |`)
    console.log(lines.join('\n'))
    expect(Object.keys(table)).toHaveLength(endpoints.length)
  })
})
