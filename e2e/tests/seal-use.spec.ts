import { expect, test } from '@playwright/test'
import { applyForPersonalSeal, handOf } from './personal-seal-support.ts'
import { contractPdf, confirmPopup, downloadSealed, pageSize, pickPdf, sealRedWhere, shownStampInPoints, tapPage } from './seal-use-support.ts'
import { expectNoHorizontalOverflow, newPerson, pdfsigTrustingOurCa, snap } from './support.ts'

const PIN = 'seal2026'

test('the holder of a name seal seals a PDF on the 用章 screen where they tapped, with their handwriting beside it, downloads, shares and checks it', async ({ page, request }) => {
  test.setTimeout(300_000)
  const person = newPerson('周用章')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await applyForPersonalSeal(page, person, { pin: PIN, hand: handOf(20261201) })

  // Home offers 用章 now that the person has a seal in effect; it lists the seals to choose from.
  await page.goto('/home')
  await expect(page.getByRole('button', { name: /^用章/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^验章/ })).toBeVisible()
  await snap(page, 'seal-use-0-home')
  await page.getByRole('button', { name: /^用章/ }).click()
  await expect(page).toHaveURL(/\/seal-use$/)
  await expect(page.getByRole('list', { name: '可用印章' }).getByRole('button')).toHaveCount(1)
  await snap(page, 'seal-use-1-choose-seal')
  await expectNoHorizontalOverflow(page, '.seal-use-page')

  // The seal's detail menu offers 用章 too; it opens the screen for this seal.
  await page.goto('/seal-preview-list/personal')
  await page.getByRole('button', { name: '查看详情' }).first().click()
  await expect(page).toHaveURL(/\/seal-preview\/personal\/[^/]+$/)
  const sealId = new URL(page.url()).pathname.split('/').pop()!
  await page.locator('.adm-list', { hasText: '印章操作' }).getByText('用章', { exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-use/${sealId}$`))
  await expect(page.getByText('用章方式：密码用章')).toBeVisible()
  await snap(page, 'seal-use-2-pick')
  await expectNoHorizontalOverflow(page, '.seal-use-page')

  // Something that is not a PDF is refused before it is sent.
  await page.getByLabel('选择PDF文件').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('不是PDF') })
  await expect(page.getByText('请上传pdf格式的文件')).toBeVisible()

  // The contract, shown page by page; a tap puts the seal there, a drag moves it.
  const contract = await contractPdf(request)
  const size = pageSize(contract.buffer)
  await pickPdf(page, contract)
  await snap(page, 'seal-use-3-pages')
  await expectNoHorizontalOverflow(page, '.seal-use-page', '.seal-use-place')
  await tapPage(page, 1, { x: 0.4, y: 0.62 })
  const stamp = page.locator('.seal-use-stamp')
  const tapped = (await stamp.boundingBox())!
  // Shown at its real size: a name seal of about 18 mm on a page 210 mm wide.
  const canvasWidth = (await page.getByRole('img', { name: '第1页', exact: true }).boundingBox())!.width
  expect((tapped.width / canvasWidth) * 210).toBeGreaterThan(12)
  expect((tapped.width / canvasWidth) * 210).toBeLessThan(25)
  await page.mouse.move(tapped.x + tapped.width / 2, tapped.y + tapped.height / 2)
  await page.mouse.down()
  for (let step = 1; step <= 5; step++) await page.mouse.move(tapped.x + tapped.width / 2 - 8 * step, tapped.y + tapped.height / 2 + 6 * step)
  await page.mouse.up()
  const dragged = (await stamp.boundingBox())!
  expect(dragged.x).toBeCloseTo(tapped.x - 40, 0)
  expect(dragged.y).toBeCloseTo(tapped.y + 30, 0)
  await expect(page.getByText('已放置在第1页')).toBeVisible()

  // The handwriting the person chose goes beside the name seal.
  await page.getByRole('switch', { name: '同时加盖手写签名' }).click()
  await expect(page.locator('.seal-use-handwriting img')).toBeVisible()
  await page.getByRole('textbox', { name: '用章事由' }).fill('房屋租赁合同签署')
  const placed = await shownStampInPoints(page, 1, size)
  await snap(page, 'seal-use-4-placed')

  // 确认用章: the seal password; a wrong one is refused with the attempts left.
  await page.getByRole('button', { name: '确认用章' }).click()
  const popup = confirmPopup(page)
  await popup.getByRole('textbox', { name: '印章密码' }).fill('wrong2026')
  await popup.getByRole('button', { name: '确认用章' }).click()
  await expect(page.getByText('印章密码错误，还可尝试4次')).toBeVisible()
  await popup.getByRole('textbox', { name: '印章密码' }).fill(PIN)
  await snap(page, 'seal-use-5-password')
  await popup.getByRole('button', { name: '确认用章' }).click()
  await expect(page.getByText('用章成功')).toBeVisible({ timeout: 60_000 })
  await expect(page.locator('.seal-use-sealed canvas').first()).toBeVisible()
  await expect(page.locator('.seal-use-sealed')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 })
  await snap(page, 'seal-use-6-sealed')

  // 下载: the sealed PDF; pdfsig finds the seal's signature valid and trusted, naming the person, and the
  // handwriting's signature beside it.
  const sealed = await downloadSealed(page)
  expect(sealed.name).toBe('租赁合同（已签章）.pdf')
  const signatures = await pdfsigTrustingOurCa(request, sealed.bytes)
  expect(signatures).toHaveLength(2)
  expect(signatures[0]).toMatchObject({ valid: true, trusted: true, commonName: expect.stringContaining(person.name) })
  expect(signatures[1]).toMatchObject({ valid: true })

  // The rendered page has the seal where it was placed, and nothing red in the same place across the page's middle.
  const red = await sealRedWhere(sealed.bytes, { page: 1, placed, pageSize: size, artefact: 'holder-page-1' })
  expect(red.placed.red).toBeGreaterThan(0.08)
  expect(red.elsewhere.red).toBe(0)

  // 分享: no system share sheet here, so a link is copied; it opens the same sealed PDF for 10 minutes.
  await page.getByRole('button', { name: '分享' }).click()
  await expect(page.getByText('复制成功，链接10分钟内有效')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toContain('/api/seal-apply/file/download/')
  const shared = await request.get(link)
  expect(Buffer.compare(await shared.body(), sealed.bytes)).toBe(0)
  await expect(page.getByText('复制成功，链接10分钟内有效')).toBeHidden()

  // 验章 opens with the sealed document and checks it; back, the sealed document is still there.
  await page.getByRole('button', { name: '验章' }).click()
  await expect(page).toHaveURL(/\/verify$/)
  await expect(page.getByText('全部签章有效')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('租赁合同（已签章）.pdf，共 2 个签章')).toBeVisible()
  await expect(page.getByText(person.name).first()).toBeVisible()
  await snap(page, 'seal-use-7-verify')
  await page.goBack()
  await expect(page.getByText('用章成功')).toBeVisible()

  // The use is in 用章记录, with the file and the reason.
  await page.getByRole('button', { name: '查看用章记录' }).click()
  await expect(page).toHaveURL(new RegExp(`/seal-use-record/personal/${sealId}$`))
  await expect(page.locator('.use-record-card')).toHaveCount(1)
  await expect(page.locator('.use-record-card')).toContainText('租赁合同.pdf')
  await expect(page.locator('.use-record-card')).toContainText('房屋租赁合同签署')
  await expect(page.locator('.adm-toast-main')).toHaveCount(0)
  await snap(page, 'seal-use-8-records')
})
