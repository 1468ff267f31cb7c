import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'

const redSquare = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#e60012' } }).jpeg().toBuffer()

describe('files', () => {
  let t: TestApp
  let owner: string
  let stranger: string
  beforeAll(async () => {
    t = await startTestApp()
    owner = await t.loginPersonal(demo.person.phone)
    stranger = await t.loginEnterprise(demo.unit.socialCreditCode, demo.legalPerson.phone)
  })
  afterAll(() => t.close())

  const upload = async (token: string, file: { name: string; bytes: Buffer; type?: string }) => {
    const { payload, headers } = multipart(file)
    const response = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, authorization: `Bearer ${token}` } })
    return response.json()
  }

  it('stores an uploaded photo and gives it back to its owner, as bytes and as base64 PNG', async () => {
    const bytes = await redSquare()
    const uploaded = await upload(owner, { name: '../../etc/身份证.jpg', bytes, type: 'image/jpeg' })
    expect(uploaded.data).toMatchObject({ fileName: '身份证.jpg', mediaType: 'image/jpeg', size: bytes.length })

    const download = await t.app.inject({ method: 'GET', url: `/api/file/download/${uploaded.data.fileId}`, headers: { authorization: `Bearer ${owner}` } })
    expect(download.headers['content-type']).toBe('image/jpeg')
    expect(download.rawPayload.equals(bytes)).toBe(true)

    const data = await t.call({ method: 'GET', url: `/api/file/downloadData/${uploaded.data.fileId}`, token: owner })
    const png = Buffer.from(data.body.data, 'base64')
    expect((await sharp(png).metadata()).format).toBe('png')
  })

  it('judges a file by its content, not its name: a script called .png is refused', async () => {
    const refused = await upload(owner, { name: 'photo.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' })
    expect(refused).toMatchObject({ resultStatus: '10000', responseInfo: '请上传png、jpeg、jpg或pdf格式的文件' })
  })

  it('refuses a file over 10 MB with the size message', async () => {
    const big = Buffer.concat([await redSquare(), Buffer.alloc(10 * 1024 * 1024)])
    const refused = await upload(owner, { name: 'big.jpg', bytes: big })
    expect(refused).toMatchObject({ responseInfo: '文件大小不能超过10M' })
  })

  it('accepts base64 uploads with or without a data-URI prefix', async () => {
    const base64 = (await redSquare()).toString('base64')
    const plain = await t.call({ url: '/api/file/uploadBase64', body: { originalName: 'a.jpg', fileBase64: base64 }, token: owner })
    const prefixed = await t.call({ url: '/api/file/uploadBase64', body: { originalName: 'b.jpg', dataUri: `data:image/jpeg;base64,${base64}` }, token: owner })
    expect(plain.body.data.mediaType).toBe('image/jpeg')
    expect(prefixed.body.data.mediaType).toBe('image/jpeg')
    const garbage = await t.call({ url: '/api/file/uploadBase64', body: { fileBase64: '@@@' }, token: owner })
    expect(garbage.body.responseInfo).toBe('文件内容不是有效的base64数据')
  })

  it("hides a file from another user, as if it did not exist", async () => {
    const uploaded = await upload(owner, { name: 'mine.jpg', bytes: await redSquare() })
    const theirs = await t.call({ method: 'GET', url: `/api/file/downloadData/${uploaded.data.fileId}`, token: stranger })
    expect(theirs.body).toMatchObject({ resultStatus: '404', responseInfo: '文件ID不存在' })
    const link = await t.call({ url: '/api/file/previewLink', body: { fileId: uploaded.data.fileId }, token: stranger })
    expect(link.body.resultStatus).toBe('404')
  })

  it('gives the same bytes at the offline SDK path, and hides them from another user there too', async () => {
    const bytes = await redSquare()
    const uploaded = await upload(owner, { name: 'seal.jpg', bytes })
    const url = `/api/paas-seal-offline-sdk/v1/file/download/${uploaded.data.fileId}`
    const mine = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner}` } })
    expect(mine.headers['content-type']).toBe('image/jpeg')
    expect(mine.rawPayload.equals(bytes)).toBe(true)
    const theirs = await t.call({ method: 'GET', url, token: stranger })
    const unknown = await t.call({ method: 'GET', url: '/api/paas-seal-offline-sdk/v1/file/download/no-such-file', token: stranger })
    expect(theirs.body).toMatchObject({ resultStatus: '404', responseInfo: '文件ID不存在' })
    expect(unknown.body).toEqual(theirs.body)
    expect((await t.call({ method: 'GET', url })).status).toBe(401)
  })

  it('opens a preview link with its short-lived token and refuses a tampered one', async () => {
    const uploaded = await upload(owner, { name: 'mine.jpg', bytes: await redSquare() })
    const link = await t.call({ url: '/api/file/previewLink', body: { fileId: uploaded.data.fileId }, token: owner })
    const preview = await t.app.inject({ method: 'GET', url: link.body.data.url })
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-disposition']).toMatch(/^inline/)
    const tampered = await t.app.inject({ method: 'GET', url: link.body.data.url.replace(/access_token=\d/, 'access_token=9') })
    expect(tampered.json()).toMatchObject({ resultStatus: '404' })
  })

  it('needs a session to upload', async () => {
    const response = await t.call({ url: '/api/file/uploadBase64', body: { fileBase64: 'AAAA' } })
    expect(response.status).toBe(401)
  })
})
