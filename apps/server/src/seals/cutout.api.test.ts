import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import type { OrganizationSealTypeCode } from '@seal/seal/seal-kinds'
import { stampPhoto } from '@seal/seal/test/stamp-photo'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { demoUnit, legalForm } from '../unit-apply/test-support.ts'

/** A check reads the seal's face with tesseract twice; on a loaded machine two checks take over a minute. */
const TWO_CHECKS_MS = 180_000

describe('seal impression from a photo', () => {
  let t: TestApp
  let token: string
  let seal: Buffer
  const cutout = (photo: Buffer, sealName = '合同专用章') =>
    t.call({
      url: '/api/seal-apply/seal/cutoutBase64',
      body: { file: `data:image/jpeg;base64,${photo.toString('base64')}`, sealName },
      token,
    })

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    seal = (
      await renderOrganizationSeal({
        unitName: demo.unit.name,
        sealTypeCode: '04',
        sealCode: '1101080012345',
      })
    ).png
  })
  afterAll(() => t.close())

  it('cuts a good photo of the stamp into a transparent PNG and keeps both pictures as the caller’s files', async () => {
    const answer = await cutout(await stampPhoto({ seal, stampFraction: 0.6, rotateDeg: 12 }))
    expect(answer.body).toMatchObject({
      resultStatus: '00',
      data: { succ: true, code: null, originalPic: expect.any(String), sealPic: expect.any(String) },
    })
    expect(Buffer.from(answer.body.data.sealPicBase64, 'base64').subarray(1, 4).toString()).toBe('PNG')
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${answer.body.data.sealPic}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(download.statusCode).toBe(200)
  })

  it('answers a photo where the stamp is too small with guidance code 1001 or 1004, and no files', async () => {
    const answer = await cutout(await stampPhoto({ seal, stampFraction: 0.12 }))
    expect(answer.body.data.succ).toBe(false)
    expect(['1001', '1004']).toContain(answer.body.data.code)
    expect(answer.body.data.msg).toMatch(/80%/)
  })

  it(
    'checks a renamed unit’s impression against the name the application gives, not the one on record',
    async () => {
      const newName = '明远数据有限公司'
      const renamed = (
        await renderOrganizationSeal({ unitName: newName, sealTypeCode: '04', sealCode: '1101080012345' })
      ).png
      const photo = await stampPhoto({ seal: renamed, stampFraction: 0.6 })
      const send = (unitName?: string) =>
        t.call({
          url: '/api/seal-apply/seal/cutoutBase64',
          body: {
            file: `data:image/jpeg;base64,${photo.toString('base64')}`,
            sealName: '合同专用章',
            unitName,
          },
          token,
        })
      const asOnRecord = await send()
      expect(asOnRecord.body.data).toMatchObject({
        succ: false,
        code: '1010',
        msg: expect.stringMatching(/^请上传与申请企业名称一致的印章/),
      })
      expect((await send(newName)).body.data).toMatchObject({ succ: true, code: null })
    },
    TWO_CHECKS_MS,
  )

  describe('the seal’s face against the unit’s whole name and the seal’s type', () => {
    const sealOf = async (unitName: string, sealTypeCode: OrganizationSealTypeCode) =>
      Buffer.from((await renderOrganizationSeal({ unitName, sealTypeCode, sealCode: '1101080012345' })).png)
    const check = async (photo: Buffer, seal: { sealTypeCode: string; sealName: string }) =>
      (
        await t.call({
          url: '/api/seal-apply/seal/cutoutBase64',
          body: { file: `data:image/jpeg;base64,${photo.toString('base64')}`, ...seal },
          token,
        })
      ).body.data
    const official = { sealTypeCode: '01', sealName: '单位公章' }
    const contract = { sealTypeCode: '04', sealName: '合同专用章' }

    it(
      'accepts the unit’s own official seal and its own contract seal',
      async () => {
        expect(
          await check(
            await stampPhoto({ seal: await sealOf(demo.unit.name, '01'), rotateDeg: 12 }),
            official,
          ),
        ).toMatchObject({ succ: true, code: null })
        expect(
          await check(
            await stampPhoto({ seal: await sealOf(demo.unit.name, '04'), rotateDeg: -30 }),
            contract,
          ),
        ).toMatchObject({ succ: true, code: null })
      },
      TWO_CHECKS_MS,
    )

    it('refuses another unit’s seal, saying what the ring reads', async () => {
      const answer = await check(
        await stampPhoto({ seal: await sealOf('北京明远科技有限公司', '01') }),
        official,
      )
      expect(answer).toMatchObject({ succ: false, code: '1010', sealPic: null })
      expect(answer.msg).toMatch(/^请上传与申请企业名称一致的印章/)
    })

    it(
      'refuses a longer name that contains the unit’s, as the official seal and as the contract seal',
      async () => {
        const longer = await stampPhoto({ seal: await sealOf('上海示例电子印章科技有限公司', '04') })
        expect(await check(longer, contract)).toMatchObject({ succ: false, code: '1010', sealPic: null })
        expect(await check(longer, official)).toMatchObject({ succ: false, code: '1010', sealPic: null })
      },
      TWO_CHECKS_MS,
    )

    it('refuses the unit’s contract seal offered as its official seal, naming the type expected', async () => {
      const answer = await check(await stampPhoto({ seal: await sealOf(demo.unit.name, '04') }), official)
      expect(answer).toMatchObject({ succ: false, code: '1010', sealPic: null })
      expect(answer.msg).toMatch(/请上传单位公章的盖印照片.*合同专用章/)
    })

    it(
      'keeps what it read with the application, and the reviewer’s detail shows it per seal',
      async () => {
        const photo = await stampPhoto({ seal: await sealOf(demo.unit.name, '04'), seed: 11 })
        expect(await check(photo, official)).toMatchObject({ succ: false, code: '1010' })
        // As the wizard does when the photo goes to a reviewer: the same bytes uploaded as the seal's photo.
        const upload = await t.call({
          url: '/api/file/uploadBase64',
          body: {
            originalName: '印章照片.jpg',
            dataUri: `data:image/jpeg;base64,${photo.toString('base64')}`,
          },
          token,
        })
        const photoId = upload.body.data.fileId as string
        const legal = { ...demo.legalPerson, id: '', token, fileId: photoId }
        const form = legalForm(legal, demoUnit, {
          sealInfo: [
            {
              _id: 'official',
              sealTypeCode: '01',
              sealName: '单位公章',
              originalFileId: photoId,
              manualReview: true,
              errorCount: 2,
            },
          ],
        })
        const draft = await t.call({ url: '/api/seal-apply/apply/temporary', body: form, token })
        expect(draft.body.resultStatus).toBe('00')
        const detail = await t.app.inject({
          method: 'GET',
          url: `/api/admin/applications/${draft.body.data.id}`,
          headers: { authorization: `Bearer ${t.secrets.adminToken}` },
        })
        expect(detail.json().data.impressionReadings).toEqual([
          {
            itemId: 'official',
            verdict: 'wrongType',
            ringText: demo.unit.name,
            centreText: '合同专用章',
            unitName: demo.unit.name,
            sealName: '单位公章',
            checkedAt: expect.any(Number),
          },
        ])
      },
      TWO_CHECKS_MS,
    )
  })

  describe('a clean seal picture and a blurred photo', () => {
    const pictureCheck = async (png: Buffer) =>
      (
        await t.call({
          url: '/api/seal-apply/seal/cutoutBase64',
          body: {
            file: `data:image/png;base64,${png.toString('base64')}`,
            sealTypeCode: '04',
            sealName: '合同专用章',
          },
          token,
        })
      ).body.data

    it('takes a transparent seal PNG as the stamp on white paper', async () => {
      expect(await pictureCheck(seal)).toMatchObject({ succ: true, code: null })
    })

    it('refuses a blurred picture of the same seal and says it is blurred', async () => {
      const blurred = await sharp(seal).blur(6).png().toBuffer()
      expect(await pictureCheck(blurred)).toMatchObject({
        succ: false,
        code: '1006',
        msg: '照片模糊，请对准印章重新拍摄',
        sealPic: null,
      })
    })

    it('refuses a photo out of focus, which it used to cut out', async () => {
      const answer = await cutout(await stampPhoto({ seal, stampFraction: 0.6, blurSigma: 5 }))
      expect(answer.body.data).toMatchObject({
        succ: false,
        code: '1006',
        msg: '照片模糊，请对准印章重新拍摄',
      })
    })
  })

  it('refuses what is not a photo, clearly', async () => {
    const answer = await t.call({
      url: '/api/seal-apply/seal/cutoutBase64',
      body: { file: 'not base64!' },
      token,
    })
    expect(answer.body.resultStatus).not.toBe('00')
    expect(answer.body.responseInfo).toBeTruthy()
    expect(answer.status).toBe(200)
  })
})
