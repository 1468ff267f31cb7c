import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { handOf, idCardPictures, uploadIdSide, writeOnBoard } from './personal-seal-support.ts'
import { demo, expectBadgeClearOf, loginPersonal, snap } from './support.ts'

/**
 * Platform binding (spec 002 §2 "Platform binding routes", §4, §5; issue #12) as the demo person does it at
 * 390×844: bind their name seal to 政府采购电子交易平台 with the seal password, see the result and the
 * record in 平台绑定记录, cancel it with the password, rebind it; and bind the same seal to a second
 * platform from the seal's own menu (/seal-bind).
 */

const PIN = 'bind2026'
const demoPerson = { ...demo.person, identityNo: '110101199003071233' }

async function call(request: APIRequestContext, token: string, url: string, data: unknown = {}) {
  const response = await request.post(`/api${url}`, { headers: { authorization: `Bearer ${token}` }, data })
  return (await response.json()).data
}

/**
 * The demo person's name seal: the one they hold, or a new one applied for through the screens (the demo
 * person starts without one). Answers its id.
 */
async function nameSealOf(page: Page, request: APIRequestContext): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  const held = ((await call(request, token, '/seal/queryPersonSeals', { needPic: false })) as { id: string; status: string }[]).find((seal) => seal.status === '1')
  if (held) return held.id
  await applyThroughScreens(page)
  const made = ((await call(request, token, '/seal/queryPersonSeals', { needPic: false })) as { id: string }[])[0]
  expect(made, 'the name seal is made').toBeTruthy()
  return made!.id
}

/** The personal name seal flow, step by step (apply-personal-seal.spec.ts checks each step; this only walks it). */
async function applyThroughScreens(page: Page) {
  const hand = handOf(1233)
  const pictures = await idCardPictures(demoPerson)
  await page.goto('/personal-seal-apply/show-flow')
  await page.getByRole('button', { name: '开始申请' }).click()
  await uploadIdSide(page, 'front', pictures.front)
  await uploadIdSide(page, 'back', pictures.back)
  await expect(page.locator('.id-photo-field[data-side="front"]')).toContainText('识别成功', { timeout: 30_000 })
  await expect(page.locator('.id-photo-field[data-side="back"]')).toContainText('识别成功', { timeout: 30_000 })
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('button', { name: '开始识别' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/apply-agreement-sample$/)
  await page.getByRole('button', { name: '我已阅读并同意，手写签署' }).click()
  await writeOnBoard(page, page.getByLabel('签名区域'), hand, 1)
  await page.getByRole('button', { name: '确定' }).click()
  await expect(page.getByText('已签署的协议')).toBeVisible()
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-4$/)
  for (const [index, seed] of [2, 3, 4].entries()) {
    await expect(page.locator('.sign-counter')).toContainText(`${index + 1}/3`)
    await writeOnBoard(page, page.getByLabel('签名区域'), hand, seed, { settle: index > 0 })
    await page.getByRole('button', { name: '确定' }).click()
  }
  await page.getByRole('radio', { name: '签名1' }).click()
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByRole('radiogroup', { name: '名章样式' }).getByRole('radio').nth(0).click()
  await page.getByRole('button', { name: '下一步' }).click()
  await page.getByPlaceholder('请输入印章密码').fill(PIN)
  await page.getByPlaceholder('请再次输入印章密码').fill(PIN)
  await page.getByRole('button', { name: '提交申请' }).click()
  await expect(page.getByText('申请成功').first()).toBeVisible()
}

/** Types the password in the 用章确认 sheet and confirms. */
async function confirmWith(page: Page, password: string, label = '印章密码') {
  const sheet = page.locator('.binding-sheet')
  await expect(sheet.getByText('用章确认')).toBeVisible()
  await sheet.getByLabel(label).fill(password)
  await sheet.getByRole('button', { name: '确定' }).click()
}

/** Ticks 我已阅读并同意 unless it is ticked already (the tick is kept while the session's screens last). */
async function tickAgreement(page: Page) {
  const tick = page.getByRole('checkbox', { name: '同意平台绑定用章服务协议' })
  if ((await tick.getAttribute('aria-checked')) !== 'true') await tick.click()
  await expect(tick).toHaveAttribute('aria-checked', 'true')
}

test('the demo person binds their name seal to a platform, sees the record, cancels it and binds it again', async ({ page, request }) => {
  test.setTimeout(300_000)
  await loginPersonal(page, demo.person)
  const sealId = await nameSealOf(page, request)

  // Home → 印章绑定: the intro; 立即绑定 without the tick asks to read the agreement.
  await page.goto('/home')
  await page.getByText('印章绑定', { exact: true }).click()
  await expect(page).toHaveURL(/\/binding$/)
  await expect(page.getByRole('button', { name: '立即绑定' })).toBeInViewport({ ratio: 1 })
  await expectBadgeClearOf(page, [page.getByRole('button', { name: '立即绑定' }), page.getByRole('button', { name: '返回' })])
  await snap(page, 'binding-1-intro')
  await page.getByRole('link', { name: '《平台绑定用章服务协议》' }).click()
  await expect(page).toHaveURL(/\/binding\/argument$/)
  await expect(page.getByRole('heading', { name: '三、绑定的有效期' })).toBeVisible()
  await snap(page, 'binding-2-agreement')
  await page.getByRole('button', { name: '返回' }).click()
  await page.getByRole('button', { name: '立即绑定' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('平台绑定用章服务协议')
  await expect(dialog.getByRole('button', { name: '不同意' })).toBeVisible()
  await snap(page, 'binding-3-agreement-dialog')
  await dialog.getByRole('button', { name: '同意', exact: true }).click()

  // 选择绑定平台: a name that matches nothing, then the full name.
  await expect(page).toHaveURL(/\/binding\/platform$/)
  await expect(page.getByText('政府采购电子交易平台')).toBeVisible()
  await expect(page.locator('.binding-platform', { hasText: '政府采购电子交易平台' })).toContainText('用于投标文件、合同的电子签章')
  await snap(page, 'binding-4-platforms')
  const search = page.getByRole('searchbox').or(page.getByPlaceholder('请输入平台全称搜索')).first()
  await search.fill('不存在的平台')
  await expect(page.getByText('搜索无结果，请检查输入的平台名称')).toBeVisible()
  await snap(page, 'binding-4-platforms-none')
  await search.fill('政府采购电子交易平台')
  await expect(page.locator('.binding-platform')).toHaveCount(1)
  const procurement = page.locator('.binding-platform', { hasText: '政府采购电子交易平台' })
  const before = /\((\d+)\/20\)/.exec((await procurement.textContent()) ?? '')
  expect(before, 'the platform shows (applied/total)').toBeTruthy()
  await procurement.click()

  // 选择印章: nothing selected yet; the seal is selected only after its password.
  await expect(page).toHaveURL(/\/binding-list\?platformId=/)
  await expect(page.getByText('绑定平台：政府采购电子交易平台')).toBeVisible()
  const seal = page.locator('.binding-seal', { hasText: `${demo.person.name}的个人名章` })
  await expect(seal).toContainText('未选择')
  await expect(page.getByRole('button', { name: '提交绑定(0/1)' })).toBeVisible()
  await snap(page, 'binding-5-seals')
  await page.getByRole('button', { name: '提交绑定(0/1)' }).click()
  await expect(page.getByText('请先选择绑定印章，完成用章确认')).toBeVisible()
  await seal.click()
  await confirmWith(page, 'abc')
  await expect(page.getByText('请输入正确的用章密码（数字+字母组合）')).toBeVisible()
  await snap(page, 'binding-6-confirm-rule')
  await confirmWith(page, 'wrong2026')
  await expect(page.getByText('印章密码错误，还可尝试4次')).toBeVisible()
  await confirmWith(page, PIN)
  await expect(seal).toContainText('已选择')
  await expect(page.getByRole('button', { name: '提交绑定(1/1)' })).toBeVisible()
  await snap(page, 'binding-7-selected')
  await page.getByRole('button', { name: '提交绑定(1/1)' }).click()

  // 提交成功 with the count.
  await expect(page).toHaveURL(/\/binding-result\/1$/)
  await expect(page.getByText('已成功绑定1枚印章')).toBeVisible()
  await snap(page, 'binding-8-result')
  await page.getByRole('button', { name: '完成' }).click()
  await expect(page).toHaveURL(/\/home/)

  // The seal's detail → 平台绑定记录: the binding in effect.
  await page.goto(`/seal-preview/personal/${sealId}`)
  await page.getByText('平台绑定记录').click()
  await expect(page).toHaveURL(new RegExp(`/platform-binding-record\\?sealId=${sealId}$`))
  const record = page.locator('.binding-record', { hasText: '政府采购电子交易平台' }).first()
  await expect(record).toContainText('绑定中')
  await expect(record).toContainText(demo.person.name)
  await snap(page, 'binding-9-records')

  // 取消绑定 asks for the seal password.
  await record.getByRole('button', { name: '取消绑定' }).click()
  await confirmWith(page, 'wrong2026')
  await expect(page.getByText(/印章密码错误，还可尝试\d次/)).toBeVisible()
  await confirmWith(page, PIN)
  await expect(page.getByText('取消绑定成功')).toBeVisible()
  await expect(record).toContainText('已失效')
  await snap(page, 'binding-10-cancelled')

  // 重新绑定: the explanation and agreement, then the password, then done; the record is in effect again.
  await record.getByRole('button', { name: '重新绑定' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-bind/${sealId}/0/[^/?]+\\?platformId=`))
  await expect(page.getByText('平台绑定说明')).toBeVisible()
  await snap(page, 'binding-11-rebind-intro')
  await tickAgreement(page)
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText('政府采购电子交易平台')).toBeVisible()
  await snap(page, 'binding-12-rebind-confirm')
  await page.getByRole('button', { name: '确认重新绑定' }).click()
  await confirmWith(page, PIN)
  await expect(page).toHaveURL(/\/seal-bind-complete\?/)
  await expect(page.getByText('印章已绑定至政府采购电子交易平台。')).toBeVisible()
  await snap(page, 'binding-13-rebind-done')
  await page.getByRole('button', { name: '查看平台绑定记录' }).click()
  await expect(page.locator('.binding-record', { hasText: '政府采购电子交易平台' }).first()).toContainText('绑定中')

  // From the seal's own menu (印章绑定): choose another platform and bind it there.
  await page.goto(`/seal-preview/personal/${sealId}`)
  await page.getByText('印章绑定', { exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-bind/${sealId}$`))
  await tickAgreement(page)
  await page.getByRole('button', { name: '选择绑定平台' }).click()
  await expect(page).toHaveURL(new RegExp(`/binding/platform\\?sealId=${sealId}$`))
  await page.locator('.binding-platform', { hasText: '电子税务局' }).click()
  await expect(page.getByText('密码确认')).toBeVisible()
  await snap(page, 'binding-14-seal-bind-confirm')
  await page.getByRole('button', { name: '确认绑定' }).click()
  await confirmWith(page, PIN)
  await expect(page.getByText('印章已绑定至电子税务局。')).toBeVisible()
  await page.getByRole('button', { name: '查看平台绑定记录' }).click()
  await expect(page.locator('.binding-record')).toHaveCount(2)
  await snap(page, 'binding-15-records-two')
})
