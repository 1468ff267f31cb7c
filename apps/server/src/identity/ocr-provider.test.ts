import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpOcrProvider, sandboxOcrProvider } from './ocr-provider.ts'
import { OcrFailure } from './ocr-types.ts'
import { renderBusinessLicence } from './test-images/business-licence.ts'
import { renderIdCardBack, renderIdCardFront } from './test-images/id-card.ts'
import { photographed } from './test-images/photo-effects.ts'
import { sampleCardholders, sampleLicences } from './test-images/samples.ts'
import { renderLandscapePhoto, renderUnrelatedNotice } from './test-images/unrelated.ts'

const ocr = sandboxOcrProvider()
const holder = (name: string) => sampleCardholders.find((h) => h.person.name === name)!

/** The reason recognition failed, or 'recognised' when it did not fail. */
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => 'recognised',
    (error: unknown) => (error instanceof OcrFailure ? error.reason : `unexpected ${String(error)}`),
  )

describe('sandbox OCR (tesseract) reading ID cards', () => {
  it.each(['张伟', '王芳', '欧阳娜娜', '刘洋', '周秀英'])(
    'reads the number and the name of %s from a clear scan',
    async (name) => {
      const { person } = holder(name)
      const result = await ocr.recognizeIdCardFront(await renderIdCardFront(person))
      expect(result).toMatchObject({
        idCardNum: person.idNumber,
        userName: person.name,
        birthDate: person.idNumber.slice(6, 14),
      })
    },
  )

  it('reads an X check character as X and the sex from the number', async () => {
    const { person } = holder('张伟')
    expect(person.idNumber.endsWith('X')).toBe(true)
    const result = await ocr.recognizeIdCardFront(await renderIdCardFront(person))
    expect(result).toMatchObject({ idCardNum: person.idNumber, sex: '男', nation: '汉' })
  })

  it('reads a card photographed on a table, turned 4 degrees, lit from one side and compressed', async () => {
    const { person } = holder('李娜')
    const photo = await photographed(await renderIdCardFront(person), {
      rotateDeg: 4,
      unevenLight: 0.45,
      blurSigma: 0.8,
      margin: 0.08,
      jpegQuality: 60,
    })
    const result = await ocr.recognizeIdCardFront(photo)
    expect(result).toMatchObject({ idCardNum: person.idNumber, userName: person.name })
  })

  it('reads the number of a card turned the other way and of a blurred one', async () => {
    const { person } = holder('黄晓明')
    const front = await renderIdCardFront(person)
    const turned = await ocr.recognizeIdCardFront(await photographed(front, { rotateDeg: -3 }))
    const blurred = await ocr.recognizeIdCardFront(
      await photographed(front, { blurSigma: 2, jpegQuality: 80 }),
    )
    expect(turned.idCardNum).toBe(person.idNumber)
    expect(blurred.idCardNum).toBe(person.idNumber)
  })

  it('reads a card photographed with the phone held upright (the picture a quarter turn off)', async () => {
    const { person } = holder('刘洋')
    const photo = await photographed(await renderIdCardFront(person), {
      rotateDeg: 90,
      margin: 0.05,
      jpegQuality: 75,
    })
    expect((await ocr.recognizeIdCardFront(photo)).idCardNum).toBe(person.idNumber)
  })

  it('reads the validity period and the issuing authority from the back', async () => {
    const { back } = holder('张伟')
    const result = await ocr.recognizeIdCardBack(await renderIdCardBack(back))
    expect(result).toEqual({
      issuingAuthority: '北京市公安局朝阳分局',
      validFrom: '20150301',
      expiredDateStr: '20350301',
      authorDateStr: '2015.03.01-2035.03.01',
    })
  })

  it('reads a long-term card from a phone photo of its back', async () => {
    const { back } = holder('孙建国')
    const photo = await photographed(await renderIdCardBack(back), {
      rotateDeg: 3,
      unevenLight: 0.4,
      margin: 0.06,
      jpegQuality: 65,
    })
    const result = await ocr.recognizeIdCardBack(photo)
    expect(result).toMatchObject({
      validFrom: '20130301',
      expiredDateStr: '长期',
      authorDateStr: '2013.03.01-长期',
    })
  })

  it('says which side is wrong when the other side was sent', async () => {
    const { person, back } = holder('陈静')
    expect(await failureOf(ocr.recognizeIdCardFront(await renderIdCardBack(back)))).toBe('wrongSide')
    expect(await failureOf(ocr.recognizeIdCardBack(await renderIdCardFront(person)))).toBe('wrongSide')
  })

  it('fails a blank picture, a landscape and an unrelated notice instead of guessing', async () => {
    const blank = await sharp({ create: { width: 1000, height: 630, channels: 3, background: '#f4f4f0' } })
      .png()
      .toBuffer()
    expect(await failureOf(ocr.recognizeIdCardFront(blank))).toBe('unreadable')
    expect(await failureOf(ocr.recognizeIdCardFront(await renderLandscapePhoto()))).toBe('unreadable')
    expect(await failureOf(ocr.recognizeIdCardBack(await renderUnrelatedNotice()))).toBe('unreadable')
    expect(await failureOf(ocr.recognizeBusinessLicense(await renderUnrelatedNotice()))).toBe('unreadable')
  })

  it('fails bytes that are not a picture', async () => {
    expect(await failureOf(ocr.recognizeIdCardFront(Buffer.from('not an image at all')))).toBe('unreadable')
  })
})

describe('sandbox OCR (tesseract) reading business licences', () => {
  it('reads the unit name, credit code and legal representative from a clear scan', async () => {
    const licence = sampleLicences[0]!
    const result = await ocr.recognizeBusinessLicense(await renderBusinessLicence(licence))
    expect(result).toEqual({
      unitName: licence.unitName,
      socialCreditCode: licence.socialCreditCode,
      legalName: licence.legalName,
    })
  })

  it('reads a licence photographed at an angle, with full-width brackets in the name', async () => {
    const licence = sampleLicences[2]!
    const photo = await photographed(await renderBusinessLicence(licence), {
      rotateDeg: -3,
      unevenLight: 0.35,
      margin: 0.05,
      jpegQuality: 70,
    })
    const result = await ocr.recognizeBusinessLicense(photo)
    expect(result).toMatchObject({
      unitName: '成都天府软件园（集团）有限公司',
      socialCreditCode: licence.socialCreditCode,
    })
  })
})

describe('http OCR provider (vendor contract)', () => {
  let server: Server
  let url: string
  let answer: (body: { kind: string; imageBase64: string }) => { status: number; json?: unknown } | 'hang'
  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = ''
      request.on('data', (chunk) => (raw += chunk))
      request.on('end', () => {
        const reply = answer(JSON.parse(raw))
        if (reply === 'hang') return
        response
          .writeHead(reply.status, { 'content-type': 'application/json' })
          .end(JSON.stringify(reply.json ?? {}))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ocr`
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  it('sends the picture and kind, and takes a result whose numbers check out', async () => {
    let seen: { kind: string; imageBase64: string } | undefined
    answer = (body) => {
      seen = body
      return {
        status: 200,
        json: { ok: true, result: { idCardNum: '11010519900307101x', userName: '张伟' } },
      }
    }
    const result = await httpOcrProvider(url).recognizeIdCardFront(Buffer.from('picture'))
    expect(seen).toEqual({ kind: 'idCardFront', imageBase64: Buffer.from('picture').toString('base64') })
    expect(result).toMatchObject({ idCardNum: '11010519900307101X', userName: '张伟', birthDate: '19900307' })
  })

  it("refuses a vendor's number or credit code that fails its checksum", async () => {
    answer = () => ({
      status: 200,
      json: { ok: true, result: { idCardNum: '110105199003071010', socialCreditCode: '91110108MA01ABCDEM' } },
    })
    expect(await failureOf(httpOcrProvider(url).recognizeIdCardFront(Buffer.from('x')))).toBe('unreadable')
    expect(await failureOf(httpOcrProvider(url).recognizeBusinessLicense(Buffer.from('x')))).toBe(
      'unreadable',
    )
  })

  it("passes on the vendor's wrong-side answer and the back's validity period", async () => {
    answer = (body) =>
      body.kind === 'idCardFront'
        ? { status: 200, json: { ok: false, reason: 'wrongSide' } }
        : {
            status: 200,
            json: {
              ok: true,
              result: { validFrom: '20150301', expiredDateStr: '20350301', issuingAuthority: '北京市公安局' },
            },
          }
    expect(await failureOf(httpOcrProvider(url).recognizeIdCardFront(Buffer.from('x')))).toBe('wrongSide')
    expect(await httpOcrProvider(url).recognizeIdCardBack(Buffer.from('x'))).toEqual({
      issuingAuthority: '北京市公安局',
      validFrom: '20150301',
      expiredDateStr: '20350301',
      authorDateStr: '2015.03.01-2035.03.01',
    })
  })

  it('fails, rather than hangs, when the vendor errs or does not answer in time', async () => {
    answer = () => ({ status: 502 })
    expect(await failureOf(httpOcrProvider(url).recognizeIdCardBack(Buffer.from('x')))).toBe('unavailable')
    answer = () => 'hang'
    const started = Date.now()
    expect(
      await failureOf(httpOcrProvider(url, { timeoutMs: 300 }).recognizeIdCardBack(Buffer.from('x'))),
    ).toBe('unavailable')
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
