import { expect, test, type Page } from '@playwright/test'
import { idCardPictures, uploadIdSide } from './personal-seal-support.ts'
import { loginEnterprise, loginPersonal, newPerson, snap } from './support.ts'

/** From the flow page to step 1, as a person who has not applied before. */
async function startApplying(page: Page) {
  await page.goto('/personal-seal-apply/show-flow')
  await page.getByRole('button', { name: '开始申请' }).click()
  await expect(page).toHaveURL(/\/personal-seal-apply\/step-1$/)
}

const frontField = (page: Page) => page.locator('.id-photo-field[data-side="front"]')
const backField = (page: Page) => page.locator('.id-photo-field[data-side="back"]')

/** Uploads both sides of the person's own card and waits until both are recognised. */
async function uploadRecognisedCard(page: Page, pictures: Awaited<ReturnType<typeof idCardPictures>>) {
  await uploadIdSide(page, 'front', pictures.front)
  await uploadIdSide(page, 'back', pictures.back)
  await expect(frontField(page)).toContainText('识别成功', { timeout: 30_000 })
  await expect(backField(page)).toContainText('识别成功', { timeout: 30_000 })
}

test.describe('personal name seal: what is refused, in the spec’s words', () => {
  test('someone under 14 is told at once on step 1', async ({ page }) => {
    const young = newPerson('李小童', { birth: `${new Date().getFullYear() - 13}0101` })
    await loginPersonal(page, young)
    await startApplying(page)
    await expect(page.getByText('未满14周岁人员不支持申请个人名章')).toBeVisible()
    await snap(page, 'personal-refused-under-14')
  })

  test('the wrong side of the card, and someone else’s card, are refused beside the picture', async ({ page }) => {
    test.setTimeout(120_000)
    const person = newPerson('赵六')
    const own = await idCardPictures(person)
    const stranger = await idCardPictures(newPerson('钱七'))
    await loginPersonal(page, person)
    await startApplying(page)

    // The back where the front belongs, and the front where the back belongs.
    await uploadIdSide(page, 'front', own.back)
    await uploadIdSide(page, 'back', own.front)
    await expect(frontField(page)).toContainText('请上传身份证正面', { timeout: 30_000 })
    await expect(backField(page)).toContainText('请上传正确的证件国徽面', { timeout: 30_000 })
    await snap(page, 'personal-refused-wrong-side')

    // Another person's card: its number is not the login's.
    await uploadIdSide(page, 'front', stranger.front)
    await expect(frontField(page)).toContainText('证件号与登录号码不一致，请重新上传', { timeout: 30_000 })

    // Going on without a recognised front is refused too; nothing typed is lost.
    await page.getByPlaceholder('请输入手机号').fill('13912345678')
    await page.getByRole('button', { name: '下一步' }).click()
    await expect(page.getByText('请上传身份证正面').first()).toBeVisible()
    await expect(page.getByPlaceholder('请输入手机号')).toHaveValue('13912345678')

    // The right pictures pass, and the phone typed earlier is still there after a reload.
    await uploadIdSide(page, 'front', own.front)
    await uploadIdSide(page, 'back', own.back)
    await expect(frontField(page)).toContainText('识别成功', { timeout: 30_000 })
    await expect(backField(page)).toContainText('识别成功', { timeout: 30_000 })
    await page.reload()
    await expect(page.getByPlaceholder('请输入手机号')).toHaveValue('13912345678')
    await expect(frontField(page)).toContainText('已识别')
  })

  test('a failed face check says so and offers another try; cancelling says 人脸识别已取消', async ({ page }) => {
    test.setTimeout(120_000)
    // The face sandbox fails ID numbers whose sequence is 999 (docs/providers.md).
    const person = newPerson('孙八', { sequence: '999' })
    const pictures = await idCardPictures(person)
    await loginPersonal(page, person)
    await startApplying(page)
    await uploadRecognisedCard(page, pictures)
    await page.getByRole('button', { name: '下一步' }).click()

    await expect(page).toHaveURL(/\/personal-seal-apply\/step-2$/)
    await page.getByRole('button', { name: '取消' }).click()
    await expect(page.getByText('人脸识别已取消')).toBeVisible()
    await page.getByRole('button', { name: '开始识别' }).click()
    await expect(page.getByText('人脸核验失败，请重试')).toBeVisible()
    await snap(page, 'personal-refused-face')
    // The camera is back for another try, and the step did not move on.
    await expect(page.getByRole('button', { name: '开始识别' })).toBeVisible()
    await expect(page).toHaveURL(/\/personal-seal-apply\/step-2$/)

    // Leaving and coming back continues at the face step, not at the beginning.
    await page.goto('/personal-seal-apply/show-flow')
    await page.getByRole('button', { name: '开始申请' }).click()
    await expect(page.getByText('检测到您有暂存的数据，是否继续申请?')).toBeVisible()
    await page.getByRole('button', { name: '继续申请' }).click()
    await expect(page).toHaveURL(/\/personal-seal-apply\/step-2$/)
  })

  test('重新填写 starts again: nothing of the earlier application carries over', async ({ page }) => {
    test.setTimeout(120_000)
    const person = newPerson('周九')
    const pictures = await idCardPictures(person)
    await loginPersonal(page, person)
    await startApplying(page)
    await uploadRecognisedCard(page, pictures)
    await page.getByRole('button', { name: '下一步' }).click()
    await page.getByRole('button', { name: '开始识别' }).click()
    await expect(page).toHaveURL(/\/personal-seal-apply\/apply-agreement-sample$/)
    const token = await page.evaluate(() => localStorage.getItem('seal.token'))
    const draft = async () => (await (await page.request.get('/api/personSeal/apply/draft', { headers: { authorization: `Bearer ${token}` } })).json()).data
    expect((await draft()).faceSerialNo).toBeTruthy()

    await page.goto('/personal-seal-apply/show-flow')
    await page.getByRole('button', { name: '开始申请' }).click()
    await expect(page.getByText('检测到您有暂存的数据，是否继续申请?')).toBeVisible()
    await page.getByRole('button', { name: '重新填写' }).click()
    await expect(page).toHaveURL(/\/personal-seal-apply\/step-1$/)
    // The pictures must be given again, and the server holds no application until step 1 is done anew.
    await expect(frontField(page)).not.toContainText('已识别')
    await expect(backField(page)).not.toContainText('已识别')
    expect(await draft()).toBeNull()
    await snap(page, 'personal-restart-step-1')
    // Jumping ahead to a later step is sent back to step 1: the face check passed before does not count.
    await page.goto('/personal-seal-apply/apply-agreement-sample')
    await expect(page).toHaveURL(/\/personal-seal-apply\/step-1$/)
  })

  test('an enterprise account is sent to its personal account', async ({ page }) => {
    await loginEnterprise(page)
    await page.goto('/seal-apply/readme')
    await page.getByText('申请个人电子名章').click()
    await expect(page.getByText('请切换至个人账户进行个人电子名章申请')).toBeVisible()
    await page.goto('/personal-seal-apply/step-1')
    await expect(page.getByText('请切换至个人账户进行个人电子名章申请')).toBeVisible()
    await snap(page, 'personal-refused-enterprise')
  })
})
