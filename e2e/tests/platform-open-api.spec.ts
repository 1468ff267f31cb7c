import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { confirmWith, DEMO_SEAL_PIN, demoNameSeal, tickAgreement } from './binding-support.ts'
import { demo, loginPersonal, pdfsigTrustingOurCa, snap } from './support.ts'
import { desk, firstLogin, operatorByKey } from './console-support.ts'

/**
 * A business platform and a seal holder, each as they really are (issue #12, spec 002 §2, §4, §7): the
 * sample platform client (examples/platform-client/client.mjs) runs as its own program, registers itself
 * through the operator API and waits for webhooks on a free local port; the demo person binds their name
 * seal to it in the app at 390×844 with the seal password; the client hears the signed binding.created,
 * seals a PDF through the open API (pdfsig trusts it); the person sees the use in 用章记录 naming the
 * platform, cancels the binding in 平台绑定记录, the platform's next attempt is refused and it hears
 * binding.cancelled; the person rebinds and the platform seals again.
 */

const PLATFORM = '示例对接平台'
const clientScript = fileURLToPath(new URL('../../examples/platform-client/client.mjs', import.meta.url))

/** One line the client printed with --json. */
type ClientLine = { kind: string; message: string; [detail: string]: unknown }

/** A run of the client program: what it has printed so far, and its exit. */
type ClientRun = { child: ChildProcess; lines: ClientLine[]; output: () => string; exited: Promise<number | null> }

const runs: ClientRun[] = []
let stateDir = ''

/**
 * Starts the client as a platform's operator would, with --json so each line it prints can be read. The
 * admin token it finds itself in the server's data folder (DATA_DIR), as the README says.
 */
function runClient(baseURL: string, args: string[]): ClientRun {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }
  delete env.ADMIN_TOKEN
  const child = spawn(process.execPath, [clientScript, ...args, '--json', '--server', baseURL, '--name', PLATFORM, '--state', stateDir, '--webhook-port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: ClientLine[] = []
  let output = ''
  let pending = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    pending += chunk.toString()
    const complete = pending.split('\n')
    pending = complete.pop()!
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as ClientLine)
  })
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const run = { child, lines, output: () => output, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)) }
  runs.push(run)
  return run
}

/** Waits until the client has said something of `kind` (matching `where`), and answers that line. */
async function heard(run: ClientRun, kind: string, where: (line: ClientLine) => boolean = () => true, timeoutMs = 30_000): Promise<ClientLine> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const line = run.lines.find((l) => l.kind === kind && where(l))
    if (line) return line
    if (run.child.exitCode !== null || Date.now() > deadline) throw new Error(`the client did not say "${kind}"; it printed:\n${run.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The verdict of poppler's pdfsig on the PDF the client saved. */
async function pdfsigOfSaved(page: Page, saved: ClientLine) {
  const pdf = readFileSync(saved.file as string)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  return pdfsigTrustingOurCa(page.request, pdf)
}

test.beforeAll(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'seal-platform-client-'))
})

test.afterAll(async () => {
  for (const run of runs) {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGTERM')
      await run.exited
    }
  }
  rmSync(stateDir, { recursive: true, force: true })
})

test('a platform registered by the sample client seals with the name seal bound to it, is refused once the binding is cancelled, and seals again after a rebind; a platform manager sends a failed webhook again from the console', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(300_000)

  // 1. The platform registers itself in the sandbox and waits for a binding, listening for webhooks.
  const platform = runClient(baseURL!, [])
  const registered = await heard(platform, 'registered')
  expect(registered).toMatchObject({ clientName: PLATFORM, clientId: expect.stringMatching(/^pf_/) })
  expect((await heard(platform, 'listening')).webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/)
  await heard(platform, 'waiting')

  // 2. The demo person binds their name seal to that platform: 印章绑定 → agreement → search → seal → password.
  await loginPersonal(page, demo.person)
  const sealId = await demoNameSeal(page, page.request)
  await page.goto('/home')
  await page.getByText('印章绑定', { exact: true }).click()
  await expect(page).toHaveURL(/\/binding$/)
  await tickAgreement(page)
  await page.getByRole('button', { name: '立即绑定' }).click()
  await expect(page).toHaveURL(/\/binding\/platform$/)
  await page.getByPlaceholder('请输入平台全称搜索').fill(PLATFORM)
  const choice = page.locator('.binding-platform')
  await expect(choice).toHaveCount(1)
  await expect(choice).toContainText(PLATFORM)
  await expect(choice).toContainText('示例对接平台（examples/platform-client）')
  await snap(page, 'open-api-1-platform-found')
  await choice.click()
  await expect(page).toHaveURL((url) => url.pathname === '/binding-list' && url.searchParams.get('platformId') === registered.platformId)
  await expect(page.getByText(`绑定平台：${PLATFORM}`)).toBeVisible()
  const seal = page.locator('.binding-seal', { hasText: `${demo.person.name}的个人名章` })
  await expect(seal).toContainText('未选择')
  await seal.click()
  await confirmWith(page, DEMO_SEAL_PIN)
  await expect(seal).toContainText('已选择')
  await snap(page, 'open-api-2-seal-selected')
  await page.getByRole('button', { name: /^提交绑定\(1\/\d+\)$/ }).click()
  // Other seals the person could bind (from earlier journeys) are left unbound: the app asks once.
  const unbound = page.getByRole('dialog').filter({ hasText: '您有未绑定印章，是否确认提交' })
  const done = page.getByText('已成功绑定1枚印章')
  await expect(done.or(unbound)).toBeVisible()
  if (await unbound.isVisible()) await unbound.getByRole('button', { name: '确定' }).click()
  await expect(done).toBeVisible()
  await expect(page).toHaveURL(/\/binding-result\/1$/)
  await snap(page, 'open-api-3-bound')

  // 3. The platform hears binding.created (signature checked by the client), seals its PDF through the
  // open API and saves it; pdfsig says the signature is valid and trusts it through our CA.
  const created = await heard(platform, 'webhook', (line) => line.event === 'binding.created')
  expect(created.data).toMatchObject({ sealId, bindState: '1' })
  const bindingId = (created.data as { bindingId: string }).bindingId
  expect(await heard(platform, 'seal-ready')).toMatchObject({ sealId, holderName: demo.person.name })
  const sealed = await heard(platform, 'sealed')
  expect(sealed).toMatchObject({ sealId, signatures: 1, fileName: 'platform-sample（已签章）.pdf' })
  const firstSaved = await heard(platform, 'saved', (line) => line.documentId === sealed.documentId)
  const [first] = await pdfsigOfSaved(page, firstSaved)
  expect(first).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(demo.person.name) })
  // It has noted the seal for its next attempts (`client.mjs seal`) and keeps listening.
  await heard(platform, 'keep-listening')

  // 4. The person sees the use in the seal's 用章记录, naming the platform …
  await page.goto(`/seal-preview/personal/${sealId}`)
  await page.getByText('用章记录', { exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-use-record/personal/${sealId}$`))
  const use = page.locator('.use-record-card', { hasText: 'platform-sample.pdf' })
  await expect(use).toHaveCount(1)
  await expect(use).toContainText('示例平台签章')
  await expect(use.locator('div', { hasText: '业务平台' })).toContainText(PLATFORM)
  await expect(use.locator('div', { hasText: '使用人' })).toContainText(demo.person.name)
  await snap(page, 'open-api-4-use-record')
  // … opens the sealed copy from the record (the platform's file, not the person's own): its page shows
  // with the seal; 下载 saves the very bytes the platform received.
  await use.getByRole('button', { name: '查看' }).click()
  const viewer = page.locator('.use-record-viewer')
  await expect(viewer.getByRole('img', { name: '第1页' })).toBeVisible()
  await expect(page.getByText('PDF加载中')).toBeHidden()
  await snap(page, 'open-api-4b-use-record-document')
  await viewer.locator('.adm-nav-bar-back').click()
  await expect(viewer).toBeHidden()
  const [download] = await Promise.all([page.waitForEvent('download'), use.getByRole('button', { name: '下载' }).click()])
  expect(download.suggestedFilename()).toBe('platform-sample（已签章）.pdf')
  expect(readFileSync(await download.path()).equals(readFileSync(firstSaved.file as string))).toBe(true)

  // … and the binding in effect in 平台绑定记录; cancels it with the seal password.
  await page.goto(`/seal-preview/personal/${sealId}`)
  await page.getByText('平台绑定记录', { exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/platform-binding-record\\?sealId=${sealId}$`))
  const record = page.locator('.binding-record', { hasText: PLATFORM })
  await expect(record).toHaveCount(1)
  await expect(record).toContainText('绑定中')
  await expect(record).toContainText('密码确认')
  await snap(page, 'open-api-5-binding-in-effect')
  await record.getByRole('button', { name: '取消绑定' }).click()
  await confirmWith(page, DEMO_SEAL_PIN)
  await expect(page.getByText('取消绑定成功')).toBeVisible()
  await expect(record).toContainText('已失效')
  await expect(record).toContainText('失效时间')
  // The record as it stays once the toast has gone (platform-binding.spec.ts shows the toast).
  await expect(page.getByText('取消绑定成功')).toBeHidden()
  await snap(page, 'open-api-6-binding-cancelled')

  // 5. The platform's next attempt is refused at once, with the open API's code and Chinese message; the
  // platform hears binding.cancelled.
  const refused = runClient(baseURL!, ['seal'])
  expect(await refused.exited, refused.output()).toBe(2)
  expect(await heard(refused, 'refused')).toMatchObject({ status: 403, code: 'BINDING_NOT_IN_EFFECT', refusal: '该印章与本平台的绑定已解除' })
  expect(refused.lines.some((line) => line.kind === 'saved')).toBe(false)
  expect((await heard(platform, 'webhook', (line) => line.event === 'binding.cancelled')).data).toMatchObject({ bindingId, sealId, bindState: '0' })

  // 6. The person rebinds from the record (重新绑定: the explanation, the agreement, the password) …
  await record.getByRole('button', { name: '重新绑定' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-bind/${sealId}/0/${bindingId}\\?platformId=`))
  await expect(page.getByText('平台绑定说明')).toBeVisible()
  await tickAgreement(page)
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByText(PLATFORM)).toBeVisible()
  await snap(page, 'open-api-7-rebind-confirm')
  await page.getByRole('button', { name: '确认重新绑定' }).click()
  await confirmWith(page, DEMO_SEAL_PIN)
  await expect(page).toHaveURL(/\/seal-bind-complete\?/)
  await expect(page.getByText(`印章已绑定至${PLATFORM}。`)).toBeVisible()
  await snap(page, 'open-api-8-rebound')
  await page.getByRole('button', { name: '查看平台绑定记录' }).click()
  await expect(page.locator('.binding-record', { hasText: PLATFORM })).toContainText('绑定中')

  // … the platform hears binding.rebound, and its next attempt seals again.
  expect((await heard(platform, 'webhook', (line) => line.event === 'binding.rebound')).data).toMatchObject({ bindingId, sealId, bindState: '1' })
  const again = runClient(baseURL!, ['seal'])
  expect(await again.exited, again.output()).toBe(0)
  const [second] = await pdfsigOfSaved(page, await heard(again, 'saved'))
  expect(second).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(demo.person.name) })

  // Two uses by the platform in 用章记录 now; no webhook the platform received failed its signature check.
  await page.goto(`/seal-use-record/personal/${sealId}`)
  await expect(page.locator('.use-record-card', { hasText: 'platform-sample.pdf' })).toHaveCount(2)
  await snap(page, 'open-api-9-use-records-two')
  expect(platform.lines.filter((line) => line.kind === 'webhook-rejected')).toEqual([])

  // 7. The platform stops listening; the next cancellation cannot reach it, and after its attempts the
  // delivery has failed (WEBHOOK_RETRY_SECONDS=1 for this run: two attempts a second apart).
  platform.child.kill('SIGTERM')
  await platform.exited
  await page.goto(`/platform-binding-record?sealId=${sealId}`)
  await page.locator('.binding-record', { hasText: PLATFORM }).getByRole('button', { name: '取消绑定' }).click()
  await confirmWith(page, DEMO_SEAL_PIN)
  await expect(page.getByText('取消绑定成功')).toBeVisible()

  // 8. In the console (1440×900), a platform manager registers a new platform — its credentials shown
  // once — and sends the failed delivery again.
  const manager = await desk(browser, baseURL!)
  await firstLogin(manager, await operatorByKey(manager.request, { username: `qian${Date.now().toString(36).slice(-5)}`, displayName: '钱平台', identityNo: '11010119900307301X', roles: ['platform'] }), 'Platform#2026desk')
  await manager.getByRole('menuitem', { name: '平台管理' }).click()
  await manager.getByRole('button', { name: '登记平台' }).click()
  const form = manager.getByRole('dialog', { name: '登记平台' })
  await form.getByLabel('平台名称').fill('政务服务一网通办')
  await form.getByLabel('平台类型').fill('政务服务')
  await form.getByLabel('Webhook 地址').fill('https://gov.example.cn/seal/webhooks')
  await snap(manager, 'console-platform-1-register')
  await form.getByRole('button', { name: '确定' }).click()
  const credentials = manager.getByRole('dialog', { name: '已登记平台「政务服务一网通办」' })
  await expect(credentials.getByText('仅显示这一次')).toBeVisible()
  await snap(manager, 'console-platform-2-credentials-once')
  await credentials.getByRole('button', { name: '我已保存' }).click()
  await expect(manager.getByRole('row', { name: /政务服务一网通办/ })).toBeVisible()

  await manager.getByRole('row', { name: new RegExp(PLATFORM) }).getByRole('link', { name: '推送记录' }).click()
  const failed = manager.getByRole('row', { name: /binding\.cancelled.*发送失败/ })
  await expect(async () => {
    await manager.reload()
    await expect(failed.first()).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
  await snap(manager, 'console-platform-3-failed-delivery')
  await failed.first().getByRole('button', { name: '重新投递' }).click()
  await manager.getByRole('button', { name: /确\s*定|OK/ }).click()
  await expect(manager.getByText('已重新排队发送')).toBeVisible()
  await snap(manager, 'console-platform-4-requeued')
})
