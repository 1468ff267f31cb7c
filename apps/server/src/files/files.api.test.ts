import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo } from '../seed.ts'
import { multipart, startTestApp, type TestApp } from '../test/harness.ts'
import { idNumber } from '../test/unit-applications.ts'

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

  it('answers an oversize or damaged JPEG on downloadData with a clear message, never a 500', async () => {
    const oversize = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#ffffff' } }).jpeg({ quality: 10 }).toBuffer()
    const damaged = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(100, 7)])
    for (const [bytes, message] of [[oversize, '图片尺寸过大，请缩小后重新上传'], [damaged, '图片已损坏，请重新选择']] as const) {
      const uploaded = await upload(owner, { name: 'photo.jpg', bytes, type: 'image/jpeg' })
      const data = await t.call({ method: 'GET', url: `/api/file/downloadData/${uploaded.data.fileId}`, token: owner })
      expect(data.status).toBe(200)
      expect(data.body).toMatchObject({ resultStatus: '10000', responseInfo: message })
    }
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

describe('the upload quota of an account (UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ env: { UPLOAD_QUOTA_FILES: '3', UPLOAD_QUOTA_MB: '1' } })
  })
  afterAll(() => t.close())

  const picture = (shade: number, size = 16) =>
    sharp({ create: { width: size, height: size, channels: 3, background: { r: shade, g: 0, b: 0 } } }).png().toBuffer()
  /** Pixels of noise, which PNG cannot shrink: about 3 bytes a pixel. */
  const noise = (pixels: number) =>
    sharp(randomBytes(pixels * 3), { raw: { width: pixels, height: 1, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer()
  const upload = (token: string, bytes: Buffer) =>
    t.call({ url: '/api/file/uploadBase64', token, body: { originalName: 'a.png', fileBase64: bytes.toString('base64') } })
  const newPerson = (n: number) => t.loginPersonal(`1390000${String(n).padStart(4, '0')}`, { name: '王五', identityNo: idNumber(n), verified: false })

  it('refuses the upload past the files of a day with 429 and when to try again; another account uploads on', async () => {
    const owner = await newPerson(101)
    for (const shade of [1, 2, 3]) expect((await upload(owner, await picture(shade))).body.resultStatus).toBe('00')
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/file/uploadBase64',
      headers: { authorization: `Bearer ${owner}` },
      payload: { fileBase64: (await picture(4)).toString('base64') },
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ resultStatus: '429', responseInfo: '24小时内上传的文件已达上限，请稍后再试' })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(23 * 3600)
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600)
    // The multipart route counts the same files.
    const { payload, headers } = multipart({ name: 'b.png', bytes: await picture(5), type: 'image/png' })
    const viaForm = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, authorization: `Bearer ${owner}` } })
    expect(viaForm.statusCode).toBe(429)

    const other = await newPerson(102)
    expect((await upload(other, await picture(6))).body.resultStatus).toBe('00')
  })

  it('refuses the bytes past the quota, counting what the upload would add', async () => {
    const owner = await newPerson(103)
    const big = await noise(200_000)
    expect(big.length).toBeGreaterThan(600_000)
    expect((await upload(owner, big)).body.resultStatus).toBe('00')
    expect((await upload(owner, await noise(200_001))).status).toBe(429)
    // What still fits is taken.
    expect((await upload(owner, await picture(7))).body.resultStatus).toBe('00')
  })

  it('lets exactly the quota through when many uploads of one account arrive at once', async () => {
    const owner = await newPerson(104)
    const pictures = await Promise.all(Array.from({ length: 20 }, (_, i) => picture(10 + i)))
    const answers = await Promise.all(pictures.map((bytes) => upload(owner, bytes)))
    expect(answers.filter((answer) => answer.body.resultStatus === '00')).toHaveLength(3)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(17)
  })
})
