import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderOrganizationSeal } from '@seal/seal/organization-seal'
import { stampPhoto } from '@seal/seal/test/stamp-photo'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

describe('seal impression from a photo', () => {
  let t: TestApp
  let token: string
  let seal: Buffer
  const cutout = (photo: Buffer, sealName = '合同专用章') =>
    t.call({ url: '/api/seal-apply/seal/cutoutBase64', body: { file: `data:image/jpeg;base64,${photo.toString('base64')}`, sealName }, token })

  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
    seal = (await renderOrganizationSeal({ unitName: demo.unit.name, sealTypeCode: '04', sealCode: '1101080012345' })).png
  })
  afterAll(() => t.close())

  it('cuts a good photo of the stamp into a transparent PNG and keeps both pictures as the caller’s files', async () => {
    const answer = await cutout(await stampPhoto({ seal, stampFraction: 0.6, rotateDeg: 12 }))
    expect(answer.body).toMatchObject({ resultStatus: '00', data: { succ: true, code: null, originalPic: expect.any(String), sealPic: expect.any(String) } })
    expect(Buffer.from(answer.body.data.sealPicBase64, 'base64').subarray(1, 4).toString()).toBe('PNG')
    const download = await t.app.inject({ method: 'GET', url: `/api/file/download/${answer.body.data.sealPic}`, headers: { authorization: `Bearer ${token}` } })
    expect(download.statusCode).toBe(200)
  })

  it('answers a photo where the stamp is too small with guidance code 1001 or 1004, and no files', async () => {
    const answer = await cutout(await stampPhoto({ seal, stampFraction: 0.12 }))
    expect(answer.body.data.succ).toBe(false)
    expect(['1001', '1004']).toContain(answer.body.data.code)
    expect(answer.body.data.msg).toMatch(/80%/)
  })

  it('checks a renamed unit’s impression against the name the application gives, not the one on record', async () => {
    const newName = '深圳市腾云数据服务有限公司'
    const renamed = (await renderOrganizationSeal({ unitName: newName, sealTypeCode: '04', sealCode: '1101080012345' })).png
    const photo = await stampPhoto({ seal: renamed, stampFraction: 0.6 })
    const send = (unitName?: string) =>
      t.call({ url: '/api/seal-apply/seal/cutoutBase64', body: { file: `data:image/jpeg;base64,${photo.toString('base64')}`, sealName: '合同专用章', unitName }, token })
    const asOnRecord = await send()
    expect(asOnRecord.body.data).toMatchObject({ succ: false, code: '1010', msg: '请上传与申请企业名称一致的印章' })
    expect((await send(newName)).body.data).toMatchObject({ succ: true, code: null })
  })

  it('refuses what is not a photo, clearly', async () => {
    const answer = await t.call({ url: '/api/seal-apply/seal/cutoutBase64', body: { file: 'not base64!' }, token })
    expect(answer.body.resultStatus).not.toBe('00')
    expect(answer.body.responseInfo).toBeTruthy()
    expect(answer.status).toBe(200)
  })
})
