import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as asn1js from 'asn1js'
import { TimeStampReq } from 'pkijs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPki, type TestPki } from '../../test/pki.ts'
import { chineseContract, contractSealPng } from '../../test/test-documents.ts'
import type { TimestampAuthority } from '../pki/cms.ts'
import { verifyPdf } from '../verify/verify-pdf.ts'
import { cryptoKeySigner } from './crypto-key-signer.ts'
import { answerTimeStampRequest, encodeTimeStampRequest, httpTimestampAuthority, readTimeStampResponse, timestampQueryType } from './http-tsa.ts'
import { createSandboxTsa } from './sandbox-tsa.ts'
import { PdfSignError } from './sign-errors.ts'
import { signPdf } from './sign-pdf.ts'

let pki: TestPki
let sandbox: TimestampAuthority
const servers: Server[] = []

beforeAll(async () => {
  pki = await createTestPki()
  sandbox = createSandboxTsa({ certificateChain: pki.tsa.chain, privateKey: pki.tsa.privateKey })
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  pki?.cleanup()
})

/** A TSA on a local port whose answer to each request body is decided by `answer`. */
async function tsaServer(answer: (body: Uint8Array, request: IncomingMessage) => Promise<{ status: number; body: Uint8Array } | 'hang'>) {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const reply = await answer(new Uint8Array(Buffer.concat(chunks)), request)
    if (reply === 'hang') return
    response.writeHead(reply.status, { 'content-type': 'application/timestamp-reply' }).end(reply.body)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsp`
}

const imprint = (text: string) => new Uint8Array(createHash('sha256').update(text).digest())

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PdfSignError)
  expect((error as PdfSignError).code).toBe('TIMESTAMP_FAILED')
  return (error as PdfSignError).message
}

describe('httpTimestampAuthority', () => {
  it('signs a PDF with a token from a TSA over HTTP that the verifier trusts (PAdES B-T)', async () => {
    const contentTypes: string[] = []
    const url = await tsaServer(async (body, request) => {
      contentTypes.push(request.headers['content-type'] ?? '')
      return { status: 200, body: await answerTimeStampRequest(sandbox, body) }
    })
    const signed = await signPdf({
      pdf: await chineseContract({ pages: 1 }),
      signer: cryptoKeySigner({ certificateChain: pki.unitSeal.chain, privateKey: pki.unitSeal.privateKey }),
      appearance: { page: 1, rect: { x: 380, y: 40, width: 120, height: 120 }, image: await contractSealPng() },
      timestampAuthority: httpTimestampAuthority({ url, timeoutMs: 5000 }),
    })
    expect(contentTypes).toEqual([timestampQueryType])
    const [report] = await verifyPdf(signed, { trustedRoots: [pki.root.der], crls: [pki.crl] })
    expect(report?.timestamp).toMatchObject({ valid: true, trusted: true, authority: expect.stringContaining('电子印章测试时间戳服务') })
    expect(report?.problems).toEqual([])
  }, 60_000)

  it('refuses a replayed answer: the nonce differs from the one asked for', async () => {
    let first: Uint8Array | undefined
    const url = await tsaServer(async (body) => {
      first ??= await answerTimeStampRequest(sandbox, body)
      return { status: 200, body: first }
    })
    const tsa = httpTimestampAuthority({ url, timeoutMs: 5000 })
    await tsa.requestToken(imprint('合同'))
    expect(await failure(tsa.requestToken(imprint('合同')))).toBe('时间戳服务暂不可用，请稍后再试（时间戳令牌的随机数不符）')
  })

  it('refuses a token that stamps another digest', async () => {
    // Same nonce as asked, another imprint: the only fault is what was stamped.
    const url = await tsaServer(async (body) => ({
      status: 200,
      body: await answerTimeStampRequest(sandbox, encodeTimeStampRequest(imprint('另一份文件'), nonceOf(body))),
    }))
    expect(await failure(httpTimestampAuthority({ url, timeoutMs: 5000 }).requestToken(imprint('合同')))).toContain('时间戳令牌与签名不符')
  })

  it('reports a refusal, an HTTP error, a garbled answer, a timeout and an unreachable server in Chinese', async () => {
    const refusing = await tsaServer(async () => ({ status: 200, body: await answerTimeStampRequest(sandbox, new Uint8Array([1, 2, 3])) }))
    expect(await failure(httpTimestampAuthority({ url: refusing, timeoutMs: 5000 }).requestToken(imprint('x')))).toContain('时间戳服务拒绝了请求（状态 2）')

    const broken = await tsaServer(async () => ({ status: 500, body: new Uint8Array() }))
    expect(await failure(httpTimestampAuthority({ url: broken, timeoutMs: 5000 }).requestToken(imprint('x')))).toContain('时间戳服务返回HTTP 500')

    const garbled = await tsaServer(async () => ({ status: 200, body: new TextEncoder().encode('<html>维护中</html>') }))
    expect(await failure(httpTimestampAuthority({ url: garbled, timeoutMs: 5000 }).requestToken(imprint('x')))).toContain('时间戳服务的应答无法解析')

    const silent = await tsaServer(async () => 'hang')
    expect(await failure(httpTimestampAuthority({ url: silent, timeoutMs: 300 }).requestToken(imprint('x')))).toContain('时间戳服务超时')

    expect(await failure(httpTimestampAuthority({ url: 'http://127.0.0.1:1/tsp', timeoutMs: 5000 }).requestToken(imprint('x')))).toContain('无法连接时间戳服务')
  })
})

describe('answerTimeStampRequest', () => {
  it('answers a well-formed request with a granted token that echoes the nonce', async () => {
    const nonce = new Uint8Array([0x12, 0x34, 0x56, 0x78])
    const answer = await answerTimeStampRequest(sandbox, encodeTimeStampRequest(imprint('授权书'), nonce))
    const token = readTimeStampResponse(answer, imprint('授权书'), nonce)
    expect(token.length).toBeGreaterThan(500)
  })
})

/** The nonce of a TimeStampReq, read the way the TSA would. */
function nonceOf(der: Uint8Array): Uint8Array {
  const request = new TimeStampReq({ schema: asn1js.fromBER(der).result })
  return new Uint8Array(request.nonce!.valueBlock.valueHexView)
}
