import * as asn1js from 'asn1js'
import { AlgorithmIdentifier, ContentInfo, MessageImprint, PKIStatusInfo, SignedData, TimeStampReq, TimeStampResp, TSTInfo } from 'pkijs'
import type { TimestampAuthority } from '../pki/cms.ts'
import { oid } from '../pki/oids.ts'
import { randomPositiveInteger } from '../pki/positive-integer.ts'
import { PdfSignError } from './sign-errors.ts'

/** RFC 3161 §2.4.1: the media types of the HTTP protocol. */
export const timestampQueryType = 'application/timestamp-query'
export const timestampReplyType = 'application/timestamp-reply'

/**
 * A time-stamping authority reached over HTTP (RFC 3161 §3.4): POSTs a TimeStampReq for the SHA-256
 * imprint with a fresh nonce and certReq, and accepts the answer only when it is granted and its token
 * stamps that very imprint with that nonce. Any failure is a PdfSignError TIMESTAMP_FAILED, so a
 * document is never signed without the timestamp it was asked to carry.
 *
 * @example
 * const tsa = httpTimestampAuthority({ url: 'https://tsa.example.cn/tsp', timeoutMs: 10_000 })
 * const signed = await signPdf({ pdf, signer, appearance, timestampAuthority: tsa })
 */
export function httpTimestampAuthority({ url, timeoutMs }: { url: string; timeoutMs: number }): TimestampAuthority {
  return {
    async requestToken(messageImprint) {
      const nonce = randomPositiveInteger(8)
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': timestampQueryType, accept: timestampReplyType },
          body: encodeTimeStampRequest(messageImprint, nonce),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
        throw new PdfSignError('TIMESTAMP_FAILED', timedOut ? '时间戳服务超时' : '无法连接时间戳服务')
      }
      if (!response.ok) throw new PdfSignError('TIMESTAMP_FAILED', `时间戳服务返回HTTP ${response.status}`)
      return readTimeStampResponse(new Uint8Array(await response.arrayBuffer()), messageImprint, nonce)
    },
  }
}

/** The DER of a TimeStampReq (v1, SHA-256 imprint, the nonce, certReq so the token carries the TSA's certificate). */
export function encodeTimeStampRequest(messageImprint: Uint8Array, nonce: Uint8Array): Uint8Array {
  const request = new TimeStampReq({
    version: 1,
    messageImprint: sha256Imprint(messageImprint),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  })
  return new Uint8Array(request.toSchema().toBER())
}

/** Checks a TimeStampResp against what was asked and returns its token (a ContentInfo's DER). */
export function readTimeStampResponse(der: Uint8Array, messageImprint: Uint8Array, nonce: Uint8Array): Uint8Array {
  const fail = (detail: string) => new PdfSignError('TIMESTAMP_FAILED', detail)
  let response: TimeStampResp
  try {
    response = new TimeStampResp({ schema: asn1js.fromBER(der).result })
  } catch {
    throw fail('时间戳服务的应答无法解析')
  }
  // PKIStatus: 0 granted, 1 grantedWithMods; anything else is a refusal.
  if (response.status.status > 1 || !response.timeStampToken) throw fail(`时间戳服务拒绝了请求（状态 ${response.status.status}）`)
  let tstInfo: TSTInfo
  try {
    const content = new SignedData({ schema: response.timeStampToken.content }).encapContentInfo
    if (content.eContentType !== oid.tstInfo || !content.eContent) throw new Error('not a TSTInfo')
    tstInfo = new TSTInfo({ schema: asn1js.fromBER(content.eContent.getValue()).result })
  } catch {
    throw fail('时间戳令牌无法解析')
  }
  const stamped = new Uint8Array(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)
  if (tstInfo.messageImprint.hashAlgorithm.algorithmId !== oid.sha256 || !equalBytes(stamped, messageImprint)) {
    throw fail('时间戳令牌与签名不符')
  }
  if (!tstInfo.nonce || !equalBytes(unsignedBytes(tstInfo.nonce), unsignedBytes(new asn1js.Integer({ valueHex: nonce })))) {
    throw fail('时间戳令牌的随机数不符')
  }
  return new Uint8Array(response.timeStampToken.toSchema().toBER())
}

/**
 * The other side of the protocol, for a TSA of our own (the sandbox): answers the DER of a TimeStampReq
 * with the DER of a TimeStampResp, a granted token from `tsa` or a rejection (status 2) with badAlg or
 * badDataFormat, as RFC 3161 §2.4.2 describes.
 */
export async function answerTimeStampRequest(tsa: TimestampAuthority, requestDer: Uint8Array): Promise<Uint8Array> {
  let request: TimeStampReq
  try {
    request = new TimeStampReq({ schema: asn1js.fromBER(requestDer).result })
  } catch {
    return rejection(5) // badDataFormat
  }
  const imprint = request.messageImprint
  if (imprint.hashAlgorithm.algorithmId !== oid.sha256 || imprint.hashedMessage.valueBlock.valueHexView.length !== 32) {
    return rejection(0) // badAlg
  }
  const token = await tsa.requestToken(new Uint8Array(imprint.hashedMessage.valueBlock.valueHexView), request.nonce && new Uint8Array(request.nonce.valueBlock.valueHexView))
  const response = new TimeStampResp({
    status: new PKIStatusInfo({ status: 0 }),
    timeStampToken: new ContentInfo({ schema: asn1js.fromBER(token).result }),
  })
  return new Uint8Array(response.toSchema().toBER())
}

function rejection(failureBit: number): Uint8Array {
  const response = new TimeStampResp({ status: new PKIStatusInfo({ status: 2, failInfo: failInfoBits(failureBit) }) })
  return new Uint8Array(response.toSchema().toBER())
}

function failInfoBits(bit: number): asn1js.BitString {
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1)
  bytes[Math.floor(bit / 8)] = 0x80 >> bit % 8
  return new asn1js.BitString({ valueHex: bytes, unusedBits: 7 - (bit % 8) })
}

function sha256Imprint(digest: Uint8Array): MessageImprint {
  return new MessageImprint({
    hashAlgorithm: new AlgorithmIdentifier({ algorithmId: oid.sha256, algorithmParams: new asn1js.Null() }),
    hashedMessage: new asn1js.OctetString({ valueHex: digest }),
  })
}

/** An INTEGER's value without DER's leading zero byte, so two encodings of one number compare equal. */
function unsignedBytes(value: asn1js.Integer): Uint8Array {
  const bytes = new Uint8Array(value.valueBlock.valueHexView)
  let start = 0
  while (start < bytes.length - 1 && bytes[start] === 0) start++
  return bytes.subarray(start)
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}
