import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handwritingFailureMessage } from '@seal/shared/api/handwriting'
import { demo } from '../seed.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { makeWriter, writeSignature } from './handwriting-synthetic.ts'

const zhang = makeWriter(2024)
const genuine = (seed: number) => writeSignature(zhang, 'genuine', seed)
const save = (signData: unknown, extra: Record<string, unknown> = {}) => ({
  identity: demo.person.identityNo,
  name: demo.person.name,
  signData,
  device: { pointerType: 'touch', screenWidth: 390, screenHeight: 844, pixelRatio: 3 },
  ...extra,
})

describe('handwritten signature samples', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp()
    token = await t.loginPersonal(demo.person.phone)
  })
  afterAll(() => t.close())

  it('takes the first sample as the reference, then accepts the second and third as the same hand', async () => {
    const first = await t.call({ url: '/api/sign/handwriting/save', body: save(genuine(1)), token })
    expect(first.body).toMatchObject({
      resultStatus: '00',
      data: { pass: true, compared: false, verifyRes: { score: 1 }, sampleCount: 1 },
    })
    for (const [seed, count] of [
      [2, 2],
      [3, 3],
    ] as const) {
      const next = await t.call({ url: '/api/sign/handwriting/save', body: save(genuine(seed)), token })
      expect(next.body.resultStatus).toBe('00')
      expect(next.body.data).toMatchObject({ pass: true, compared: true, sampleCount: count })
      expect(next.body.data.verifyRes.score).toBeGreaterThan(0.5)
    }
  })

  it('lists the three samples with their pictures and lets the person choose one', async () => {
    const listed = await t.call({ method: 'GET', url: '/api/sign/handwriting/list', token })
    expect(listed.body.data.sampleCount).toBe(3)
    const [, second] = listed.body.data.list
    expect(second.signaturePreview).toMatch(/^data:image\/png;base64,/)
    const picture = await sharp(Buffer.from(second.signaturePreview.split(',')[1], 'base64')).metadata()
    expect(picture.format).toBe('png')
    expect(picture.hasAlpha).toBe(true)

    const chosen = await t.call({
      url: '/api/sign/handwriting/choose',
      body: { signatureId: second.signatureId },
      token,
    })
    expect(chosen.body.data).toEqual({ signatureId: second.signatureId, signatureKey: second.signatureKey })
    const after = await t.call({ method: 'GET', url: '/api/sign/handwriting/list', token })
    expect(after.body.data.list.map((s: { signChoose: boolean }) => s.signChoose)).toEqual([
      false,
      true,
      false,
    ])

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${second.signatureKey}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toContain('image/png')
  })

  it('does not recognise a skilled forgery and does not keep it as a sample', async () => {
    const forged = await t.call({
      url: '/api/sign/handwriting/save',
      body: save(writeSignature(zhang, 'skilled-forgery', 99)),
      token,
    })
    expect(forged.body.resultStatus).toBe('00')
    expect(forged.body.data).toMatchObject({ pass: false, compared: true, sampleCount: 3 })
    expect(forged.body.data.verifyRes.score).toBeGreaterThan(0)
    expect(forged.body.data.verifyRes.score).toBeLessThanOrEqual(0.5)
    expect(handwritingFailureMessage(forged.body.data)).toBe('识别不通过')
  })

  it('does not recognise somebody else writing their own name', async () => {
    const stranger = await t.call({
      url: '/api/sign/handwriting/save',
      body: save(writeSignature(makeWriter(77), 'genuine', 5), { purpose: 'verify' }),
      token,
    })
    expect(stranger.body.data.pass).toBe(false)
    expect(handwritingFailureMessage(stranger.body.data)).toBe('识别不通过')
  })

  it('verifies a genuine signature used in place of a password without adding a sample', async () => {
    const verified = await t.call({
      url: '/api/sign/handwriting/save',
      body: save(genuine(40), { purpose: 'verify' }),
      token,
    })
    expect(verified.body.data).toMatchObject({ pass: true, compared: true, sampleCount: 3 })
    expect(verified.body.data.verifyRes.score).toBeGreaterThan(0.5)
  })

  it('answers score 0 (缺少签字留样数据) when a person without samples signs in place of a password', async () => {
    const other = await t.loginPersonal('13500000071', { name: '钱七', identityNo: '320102199511203453' })
    const result = await t.call({
      url: '/api/sign/handwriting/save',
      body: { identity: '320102199511203453', name: '钱七', purpose: 'verify', signData: genuine(41) },
      token: other,
    })
    expect(result.body.data).toMatchObject({
      pass: false,
      compared: false,
      verifyRes: { score: 0 },
      sampleCount: 0,
    })
    expect(handwritingFailureMessage(result.body.data)).toBe('缺少签字留样数据，请切换使用密码用章')
    const listed = await t.call({ method: 'GET', url: '/api/sign/handwriting/list', token: other })
    expect(listed.body.data).toEqual({ list: [], sampleCount: 0 })
  })

  it('keeps the picture the signing board drew', async () => {
    const png = await sharp({
      create: { width: 120, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const result = await t.call({
      url: '/api/sign/handwriting/save',
      body: save(genuine(42), { signImage: `data:image/png;base64,${png.toString('base64')}` }),
      token,
    })
    expect(result.body.data.pass).toBe(true)
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${result.body.data.signatureFileId}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(stored.rawPayload.equals(png)).toBe(true)
  })

  it("refuses a signature in someone else's name", async () => {
    for (const body of [
      save(genuine(43), { identity: demo.legalPerson.identityNo }),
      save(genuine(43), { name: '李四' }),
    ]) {
      const refused = await t.call({ url: '/api/sign/handwriting/save', body, token })
      expect(refused.body).toMatchObject({
        resultStatus: '403',
        responseInfo: '只能提交本人的手写签名',
        data: null,
      })
    }
  })

  it('will not choose a signature that is not one of the caller’s samples', async () => {
    const refused = await t.call({
      url: '/api/sign/handwriting/choose',
      body: { signatureId: 'not-a-sample' },
      token,
    })
    expect(refused.body).toMatchObject({ resultStatus: '404', responseInfo: '签名不存在' })
  })

  it('refuses bad input with a clear message, never a 500', async () => {
    const point = { x: 1, y: 2, t: 0 }
    const strokes = (points: unknown[]) => ({ strokes: [{ points }], width: 390, height: 260 })
    const many = Array.from({ length: 5001 }, (_, i) => ({ x: i % 300, y: 5, t: i }))
    const signData = genuine(44)
    const cases: Array<{ body: unknown; message: string }> = [
      { body: save({ strokes: [], width: 390, height: 260 }), message: '请先签名' },
      { body: save(strokes([point, point])), message: '签名过于简单，请重新签名' },
      { body: save(strokes([{ x: '1', y: 2, t: 0 }])), message: '签名数据格式错误' },
      { body: save(strokes([{ x: 1, y: 2, t: -5 }])), message: '签名数据格式错误' },
      { body: save(strokes([{ x: 1, y: 2, t: 0, p: 3 }])), message: '签名数据格式错误' },
      { body: save(strokes(many)), message: '签名数据过大，请重写后再提交' },
      {
        body: save({ ...signData, strokes: Array.from({ length: 101 }, () => ({ points: [point] })) }),
        message: '笔画过多，最多100笔',
      },
      { body: save({ ...signData, width: 'wide' }), message: '签名数据格式错误' },
      {
        body: save(signData, { signImage: 'data:image/gif;base64,R0lGODlh' }),
        message: '签名图片须为PNG格式',
      },
      {
        body: save(signData, {
          signImage: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`,
        }),
        message: '签名图片须为PNG格式',
      },
      {
        body: save(signData, { signImage: `data:image/png;base64,${'A'.repeat(3 * 1024 * 1024)}` }),
        message: '签名图片不能超过2M',
      },
      { body: { identity: demo.person.identityNo, name: demo.person.name }, message: '缺少参数：signData' },
      { body: save(signData, { purpose: 'steal' }), message: '参数格式错误：purpose' },
    ]
    for (const { body, message } of cases) {
      const result = await t.call({ url: '/api/sign/handwriting/save', body, token })
      expect(result.status, message).toBe(200)
      expect(result.body, message).toMatchObject({ responseInfo: message, data: null })
      expect(result.body.resultStatus).not.toBe('00')
    }
    const listed = await t.call({ method: 'GET', url: '/api/sign/handwriting/list', token })
    expect(listed.body.data.sampleCount).toBe(4)
  })

  it('asks for a session', async () => {
    const result = await t.call({ url: '/api/sign/handwriting/save', body: save(genuine(45)) })
    expect(result.status).toBe(401)
  })
})

describe('handwriting saves and the upload quota', () => {
  it('stores a sample within the account’s quota and refuses one past it, storing nothing', async () => {
    const t = await startTestApp({ env: { UPLOAD_QUOTA_FILES: '2' } })
    try {
      const token = await t.loginPersonal(demo.person.phone)
      for (const seed of [1, 2]) expect((await t.call({ url: '/api/sign/handwriting/save', body: save(genuine(seed)), token })).body.resultStatus).toBe('00')
      const refused = await t.call({ url: '/api/sign/handwriting/save', body: save(genuine(3)), token })
      expect(refused.status).toBe(429)
      expect(refused.body.responseInfo).toBe('24小时内上传的文件已达上限，请稍后再试')
      const listed = await t.call({ method: 'GET', url: '/api/sign/handwriting/list', token })
      expect(listed.body.data.list).toHaveLength(2)
    } finally {
      await t.close()
    }
  })
})
