import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { creditCodeCheckCharacter } from '@seal/shared/rules/credit-code'
import { makeWriter, writeSignature } from '../../apps/server/src/signing/handwriting-synthetic.ts'
import { handOf, writeOnBoard } from './personal-seal-support.ts'
import { loginPersonal, newPerson, readSmsCode, snap } from './support.ts'
import { legalSetsPin, operatorAppliesForUnitSeal, registerInSandbox } from './unit-apply-support.ts'

/**
 * The authorisation lists, the authorised persons and the seal menu by role (spec 000 §2, §4, §5, §6) in
 * the browser. A new unit gets its 公章 as agency-center.spec does (unit-apply-support's operatorAppliesForUnitSeal: an operator applies, the legal
 * representative signs in the agency centre, the sandbox approves); authorisations are then seeded through
 * the API as the screens of the grant and acceptance make them (apps/server/src/seal-auth/test-support.ts).
 */

const SEAL_PIN = 'seal2026'
const USE_PASSWORD = 'use12345'
const DAY_MS = 86_400_000
const LEGAL_HAND = 20261125

const first17 = '91110105MA01LTK8H'
const unit = { unitName: '示例授权管理有限公司', socialCreditCode: first17 + creditCodeCheckCharacter(first17) }

type Person = ReturnType<typeof newPerson>
type Session = { page: Page; token: string; person: Person; close: () => Promise<void> }

/** A call as the screens make it, with the person's bearer token; the envelope must say 00. */
async function call(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const headers = { authorization: `Bearer ${token}` }
  const response = data === undefined ? await request.get(`/api${url}`, { headers }) : await request.post(`/api${url}`, { headers, data })
  const body = await response.json()
  expect(body.resultStatus, `${url}: ${body.responseInfo}`).toBe('00')
  return body.data
}

/** A person logged in (registered on first use) in a browser context of their own. */
async function session(browser: Browser, person: Person): Promise<Session> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginPersonal(page, person)
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  return { page, token, person, close: () => context.close() }
}

/** The unit is registered with the sandbox enterprise registry, an operator applies for its 公章, the legal representative signs. */
async function unitWithSeal(page: Page, browser: Browser, legal: Person) {
  await registerInSandbox(page.request, { ...unit, legal })
  await operatorAppliesForUnitSeal(page, { ...unit, legal })

  const holder = await session(browser, legal)
  await holder.page.goto('/agency-center')
  await holder.page.locator('.agency-card', { hasText: unit.unitName }).locator('.agency-card-open').click()
  // The list's card is a button too, its name holding 电子印章申请签署授权: wait for the detail, then its own button.
  await expect(holder.page).toHaveURL(/\/agency-center\/detail\?id=/)
  await holder.page.getByRole('button', { name: '签署授权', exact: true }).click()
  await holder.page.getByText('点击此处手写签名').click()
  await writeOnBoard(holder.page, holder.page.getByLabel('签名区域'), handOf(LEGAL_HAND), 1)
  await holder.page.getByRole('button', { name: '确定' }).click()
  await holder.page.getByRole('button', { name: '获取验证码' }).click()
  await holder.page.getByPlaceholder('请输入验证码').fill(await readSmsCode(holder.page, legal.phone))
  await legalSetsPin(holder.page, SEAL_PIN)
  await holder.page.getByRole('button', { name: '确认签署' }).click()
  await expect(holder.page).toHaveURL(/\/agency-center\/result\?id=/, { timeout: 60_000 })
  const groups = await call(holder.page.request, holder.token, '/seal/queryGroupByBusiness', { needPic: false })
  const seal = groups.flatMap((group: { list: { id: string; sealTypeCode: string }[] }) => group.list).find((item: { sealTypeCode: string }) => item.sealTypeCode === '01')
  expect(seal, 'the unit seal is made').toBeTruthy()
  return { holder, sealId: seal.id as string }
}

/** A handwriting sample of the person (their own writer), answering its id. */
async function sample(s: Session, seed: number, variant: number) {
  const saved = await call(s.page.request, s.token, '/sign/handwriting/save', { identity: s.person.identityNo, name: s.person.name, signData: writeSignature(makeWriter(seed), 'genuine', variant) })
  return saved.signatureId as string
}

/**
 * The signature the person wrote on the board when signing the application, their reference on record (GET
 * /sign/handwriting/list). A sample sent through the API carries the synthetic writer's timing, not the pace
 * Playwright's pointer moves had on the board, so it is compared against that reference as a different hand.
 */
async function signatureOnRecord(s: Session) {
  const { list } = await call(s.page.request, s.token, '/sign/handwriting/list')
  expect(list.length, 'the board signature is on record').toBeGreaterThan(0)
  return list[0].signatureId as string
}

/** The holder creates and signs an authorisation of the seal to `grantee` on `phone`: pending, told by SMS. */
async function grant(holder: Session, sealId: string, grantee: Person, phone: string, authUseType = 1) {
  const request = holder.page.request
  const { stashAuthId } = await call(request, holder.token, '/sealAuth/createAuth', {
    sealId,
    name: grantee.name,
    personIdentity: grantee.identityNo,
    phone,
    identityType: '111',
    startTime: Date.now(),
    endTime: Date.now() + 30 * DAY_MS,
    useType: 2,
    authUseType,
    socialCreditCode: unit.socialCreditCode,
  })
  const letter = await call(request, holder.token, `/sealAuth/getLowPersonAuthFile?stashAuthId=${stashAuthId}`)
  const lawPersonSignId = await signatureOnRecord(holder)
  const signed = await call(request, holder.token, '/sealAuth/submitLowPersonAuthFile', { stashAuthId, authFileId: letter.authFileId, lawPersonSignId, password: SEAL_PIN })
  return signed.authId as string
}

/** The acceptance code sent to a phone (newest first in the sandbox outbox). */
async function acceptCode(request: APIRequestContext, phone: string) {
  const outbox = (await (await request.get('/api/dev/sms-outbox')).json()).data as { phone: string; text: string }[]
  const text = outbox.find((message) => message.phone === phone && message.text.includes('验证码'))?.text ?? ''
  return /验证码为(\d{6})/.exec(text)![1]!
}

/** The grantee accepts: the phone proven, a use password, five samples, the letter countersigned. */
async function accept(grantee: Session, authId: string, sealId: string, phone: string, seed: number) {
  const request = grantee.page.request
  const who = { idnum: grantee.person.identityNo, name: grantee.person.name, tel: phone }
  await call(request, grantee.token, '/sealAuth/sendSmsCode', who)
  await call(request, grantee.token, '/sealAuth/telAuth', { ...who, code: await acceptCode(request, phone) })
  await call(request, grantee.token, '/sealAuth/confirmPersonNew', { sealId, useType: 2, usePasswod: USE_PASSWORD, confirmUsePassowrd: USE_PASSWORD })
  let signId = ''
  for (let variant = 1; variant <= 5; variant++) signId = await sample(grantee, seed, variant)
  const letter = await call(request, grantee.token, `/sealAuth/getUseSealAuthFile?authId=${authId}`)
  await call(request, grantee.token, '/sealAuth/submitUseSealPersonAuthFile', { authId, authFileId: letter.authFileId, useSealPersonSignId: signId })
}

const otherPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/** Waits for the dialog to finish opening (its animation), for a screenshot that shows it whole. */
async function dialogShown(page: Page) {
  await expect(page.locator('.adm-dialog .adm-center-popup-body')).toBeVisible()
  await page.waitForTimeout(500)
}

async function confirmDialog(page: Page, button = '确定') {
  await page.locator('.adm-dialog').getByRole('button', { name: button }).click()
}

test('the holder sees the three authorisation tabs, the letter and the authorised persons, and removes one; an authorised user sees their menu and gives up their authorisation', async ({ page, browser }) => {
  test.setTimeout(420_000)
  const legal = newPerson('陈明')
  const { holder, sealId } = await unitWithSeal(page, browser, legal)

  // Four people: 王用章 accepted (已授权), 赵管理 a pending manager, 孙撤销 accepted then revoked (已失效), 周待接 pending.
  const user = await session(browser, newPerson('王用章'))
  const manager = newPerson('赵管理')
  const revoked = await session(browser, newPerson('孙撤销'))
  const waiting = await session(browser, newPerson('周待接'))
  const userPhone = otherPhone()
  const userAuth = await grant(holder, sealId, user.person, userPhone)
  await accept(user, userAuth, sealId, userPhone, 5151)
  const managerAuth = await grant(holder, sealId, manager, otherPhone(), 2)
  const revokedPhone = otherPhone()
  const revokedAuth = await grant(holder, sealId, revoked.person, revokedPhone)
  await accept(revoked, revokedAuth, sealId, revokedPhone, 6161)
  await call(holder.page.request, holder.token, '/sealAuth/v4/cancelAuth', { authId: revokedAuth })
  const waitingAuth = await grant(holder, sealId, waiting.person, otherPhone())
  const steward = await session(browser, newPerson('钱经理'))
  const stewardPhone = otherPhone()
  const stewardAuth = await grant(holder, sealId, steward.person, stewardPhone, 2)
  await accept(steward, stewardAuth, sealId, stewardPhone, 7171)

  // /authorization/personal: 授权中 lists the two waiting, each with 撤销授权.
  const h = holder.page
  await h.goto('/home')
  await h.getByText('完成印章授权').click()
  await expect(h).toHaveURL(/\/authorization\/personal$/)
  const pendingManager = h.locator('.auth-card', { hasText: '赵管理' })
  await expect(pendingManager).toContainText(unit.unitName)
  await expect(pendingManager).toContainText('授权中')
  await expect(pendingManager.getByRole('button', { name: '撤销授权' })).toBeVisible()
  await expect(h.locator('.auth-card', { hasText: '周待接' })).toBeVisible()
  await expect(h.getByText('已经到底了')).toBeVisible()
  await snap(h, 'seal-auth-lists-1-authorizing')

  // Pull down to refresh: 刷新成功.
  await pullDown(h)
  await expect(h.locator('.adm-toast-main', { hasText: '刷新成功' })).toBeVisible()

  // 已授权 lists the accepted one; its letter opens at /auth-file.
  await h.locator('.auth-lists-tab', { hasText: '已授权' }).click()
  const accepted = h.locator('.auth-card', { hasText: '王用章' })
  await expect(accepted).toContainText('已授权')
  await expect(accepted.getByRole('button', { name: '撤销授权' })).toHaveCount(0)
  await snap(h, 'seal-auth-lists-2-authorized')
  await accepted.locator('.auth-card-open').click()
  await expect(h).toHaveURL(/\/auth-file\//)
  await expect(h.getByLabel('第1页')).toBeVisible({ timeout: 30_000 })
  await expect(h.getByText('PDF加载中')).toHaveCount(0, { timeout: 30_000 })
  await expect(h.getByText('文件加载失败')).toHaveCount(0)
  await snap(h, 'seal-auth-lists-3-letter')
  await h.goBack()

  // The tab is kept: back on 已授权. 已失效 lists the revoked one.
  await expect(h.locator('.adm-tabs-tab-active')).toHaveText('已授权')
  await h.locator('.auth-lists-tab', { hasText: '已失效' }).click()
  await expect(h.locator('.auth-card', { hasText: '孙撤销' })).toContainText('已失效')
  await snap(h, 'seal-auth-lists-4-invalid')

  // Back on 授权中, the holder revokes the waiting one.
  await h.locator('.auth-lists-tab', { hasText: '授权中' }).click()
  await h.locator('.auth-card', { hasText: '周待接' }).getByRole('button', { name: '撤销授权' }).click()
  await dialogShown(h)
  await snap(h, 'seal-auth-lists-5-revoke-confirm')
  await confirmDialog(h)
  await expect(h.locator('.adm-toast-main', { hasText: '解除授权成功' })).toBeVisible()
  await expect(h.locator('.auth-card', { hasText: '周待接' })).toHaveCount(0)
  expect(waitingAuth).toBeTruthy()

  // The holder's seal menu (role 1 of a unit seal), then 授权人员.
  await h.goto('/seal-preview-list/company')
  await h.locator('.seal-card', { hasText: unit.unitName }).first().getByText('查看详情').click()
  const menu = h.locator('.adm-list', { hasText: '印章操作' }).locator('.adm-list-item')
  await expect(menu).toHaveText(['授权人员', '修改印章密码', '用章方式', '用章', '用章记录', '印章续期', '印章变更', '平台绑定记录', '注销印章'])
  await snap(h, 'seal-auth-lists-6-holder-menu')
  await h.getByText('授权人员').click()
  await expect(h).toHaveURL(new RegExp(`/seal-person-list/company/${sealId}$`))
  const rows = h.locator('.auth-card')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(0)).toContainText(legal.name)
  await expect(rows.nth(0)).toContainText('法定代表人')
  await expect(rows.nth(0).getByRole('button')).toHaveCount(0)
  await expect(rows.nth(1)).toContainText('王用章')
  await expect(rows.nth(1)).toContainText('密码用章')
  await expect(rows.nth(1)).toContainText('授权使用')
  await expect(rows.nth(2)).toContainText('赵管理')
  await expect(rows.nth(2)).toContainText('授权管理')
  await expect(rows.nth(2)).toContainText('待确认')
  await snap(h, 'seal-auth-lists-7-persons')
  await expect(rows.nth(3)).toContainText('钱经理')
  await rows.nth(2).getByRole('button', { name: '解除授权' }).click()
  await confirmDialog(h)
  await expect(h.locator('.adm-toast-main', { hasText: '解除授权成功' })).toBeVisible()
  await expect(rows).toHaveCount(3)
  expect(managerAuth).toBeTruthy()
  await h.getByRole('button', { name: '新增授权人' }).click()
  await expect(h).toHaveURL(new RegExp(`/authorization-start/company\\?sealCode=\\d+&sealId=${sealId}$`))

  // A manager (role 2): the menu of 000 §6, and in 授权人员 no remove or edit on the legal person's row or a manager's.
  const m = steward.page
  await m.goto('/seal-preview-list/company')
  await m.locator('.seal-card', { hasText: unit.unitName }).first().getByText('查看详情').click()
  const managerMenu = m.locator('.adm-list', { hasText: '印章操作' }).locator('.adm-list-item')
  await expect(managerMenu).toHaveText(['授权人员', '用章', '用章记录', '印章续期', '印章变更', '平台绑定记录', '注销印章', '取消授权'])
  await snap(m, 'seal-auth-lists-8a-manager-menu')
  await m.getByText('授权人员').click()
  const seen = m.locator('.auth-card')
  await expect(seen).toHaveCount(3)
  await expect(seen.filter({ hasText: legal.name }).getByRole('button')).toHaveCount(0)
  await expect(seen.filter({ hasText: '钱经理' }).getByRole('button')).toHaveCount(0)
  await expect(seen.filter({ hasText: '王用章' }).getByRole('button', { name: '解除授权' })).toBeVisible()
  await snap(m, 'seal-auth-lists-8b-manager-persons')

  // The authorised user (role 3): a waiting authorisation of theirs would open acceptance; theirs is accepted.
  const u = user.page
  await u.goto('/seal-preview-list/company')
  await u.locator('.seal-card', { hasText: unit.unitName }).first().getByText('查看详情').click()
  const userMenu = u.locator('.adm-list', { hasText: '印章操作' }).locator('.adm-list-item')
  await expect(userMenu).toHaveText(['用章', '用章记录', '取消授权'])
  await snap(u, 'seal-auth-lists-8-user-menu')
  await u.getByText('取消授权').click()
  await dialogShown(u)
  await snap(u, 'seal-auth-lists-9-give-up-confirm')
  await confirmDialog(u)
  await expect(u.locator('.adm-toast-main', { hasText: '解除授权成功' })).toBeVisible()
  await expect(u).toHaveURL(/\/seal-preview-list\/company$/)

  // Now with no seal to authorise, 新增授权 is refused with the offer to apply.
  await u.goto('/authorization/personal')
  await u.locator('.auth-lists-tab', { hasText: '已失效' }).click()
  await expect(u.locator('.auth-card', { hasText: '王用章' })).toContainText('已失效')
  await u.getByRole('button', { name: '新增授权' }).click()
  await expect(u.locator('.adm-dialog')).toContainText('暂无可授权印章，无法授权')
  await dialogShown(u)
  await snap(u, 'seal-auth-lists-10-cannot-authorize')
  await confirmDialog(u, '申请印章')
  await expect(u).toHaveURL(/\/seal-apply\/readme$/)

  // A pending grantee's own item opens the acceptance start.
  const pendingAgain = otherPhone()
  const againAuth = await grant(holder, sealId, revoked.person, pendingAgain)
  const r = revoked.page
  await r.goto('/authorization/personal')
  await r.locator('.auth-lists-tab', { hasText: '授权中' }).click()
  const mine = r.locator('.auth-card', { hasText: '孙撤销' })
  await expect(mine).toContainText('待我确认')
  await expect(mine.getByRole('button', { name: '撤销授权' })).toHaveCount(0)
  await snap(r, 'seal-auth-lists-11-mine-waiting')
  await mine.locator('.auth-card-open').click()
  await expect(r).toHaveURL(`/authorization-start/personal?authId=${againAuth}&sealId=${sealId}`)

  for (const s of [holder, user, revoked, waiting, steward]) await s.close()
})

/** Drags the list down from its top with a finger (real touch events through CDP), far enough for PullToRefresh to refresh. */
async function pullDown(page: Page) {
  const box = (await page.locator('.adm-pull-to-refresh').boundingBox())!
  const x = Math.round(box.x + box.width / 2)
  const y = Math.round(box.y + 40)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let dy = 10; dy <= 240; dy += 10) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + dy }] })
    await page.waitForTimeout(16)
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}
