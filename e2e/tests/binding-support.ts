import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { handOf, walkPersonalSealApplication } from './personal-seal-support.ts'
import { demo } from './support.ts'

/**
 * The demo person's name seal as the binding journeys use it (platform-binding.spec.ts,
 * platform-open-api.spec.ts): both specs run in one server, so whichever comes first applies for the seal
 * with this password and the other reuses it.
 */
export const DEMO_SEAL_PIN = 'bind2026'
const demoPerson = { ...demo.person, identityNo: '110101199003071233' }

/** An H5 call with the person's session token; answers the envelope's data. */
export async function call(request: APIRequestContext, token: string, url: string, data: unknown = {}) {
  const response = await request.post(`/api${url}`, { headers: { authorization: `Bearer ${token}` }, data })
  return (await response.json()).data
}

/**
 * The logged-in demo person's name seal: the one they hold, or a new one applied for through the screens
 * (the demo person starts without one). Answers its id.
 */
export async function demoNameSeal(page: Page, request: APIRequestContext): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('seal.token') ?? '')
  const held = ((await call(request, token, '/seal/queryPersonSeals', { needPic: false })) as { id: string; status: string }[]).find((seal) => seal.status === '1')
  if (held) return held.id
  await walkPersonalSealApplication(page, demoPerson, { pin: DEMO_SEAL_PIN, hand: handOf(1233) })
  const made = ((await call(request, token, '/seal/queryPersonSeals', { needPic: false })) as { id: string }[])[0]
  expect(made, 'the name seal is made').toBeTruthy()
  return made!.id
}

/** Types the password in the 用章确认 sheet and confirms. */
export async function confirmWith(page: Page, password: string, label = '印章密码') {
  const sheet = page.locator('.binding-sheet')
  await expect(sheet.getByText('用章确认')).toBeVisible()
  await sheet.getByLabel(label).fill(password)
  await sheet.getByRole('button', { name: '确定' }).click()
}

/** Ticks 我已阅读并同意 unless it is ticked already (the tick is kept while the session's screens last). */
export async function tickAgreement(page: Page) {
  const tick = page.getByRole('checkbox', { name: '同意平台绑定用章服务协议' })
  if ((await tick.getAttribute('aria-checked')) !== 'true') await tick.click()
  await expect(tick).toHaveAttribute('aria-checked', 'true')
}
