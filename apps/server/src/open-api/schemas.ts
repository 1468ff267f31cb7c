import { z } from 'zod'
import { MAX_UPLOAD_BYTES } from '../plugins/upload-limit.ts'
import { MAX_SIGNATURES } from './open-sealing.ts'

/**
 * The open API's payloads (docs/api.md "Open API"). Our own H5 contracts live in packages/shared; these are
 * read by platforms' programs, which take them from the served OpenAPI document (/api/docs/json, tag
 * open-api) and from docs/platforms.md.
 */

/** Base64 of the largest PDF we accept (MAX_UPLOAD_BYTES decoded), with room for padding. */
export const MAX_PDF_BASE64_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4
/**
 * The body of a sealing request: room for any PDF within the limit however the platform's JSON library
 * writes it, and 64 KiB for the other fields. PHP's json_encode escapes each / of the base64 as \/, and a
 * PDF's runs of 0xFF bytes (white pixels of an uncompressed image) are nothing but / in base64, so every
 * character may be written twice; MIME and PEM encoders break the base64 into lines of 76 or 64 characters,
 * each line break written \r\n in JSON (four characters per 64: a sixteenth more). What is limited is the
 * decoded PDF (MAX_UPLOAD_BYTES); a body over this is refused before it is read, with the same answer.
 */
export const SEAL_BODY_LIMIT = 2 * MAX_PDF_BASE64_CHARS + Math.ceil(MAX_PDF_BASE64_CHARS / 16) + 64 * 1024

/** The OpenAPI security scheme of the open API's signed calls (declared in app.ts's OpenAPI document). */
export const PLATFORM_TOKEN_SCHEME = 'platformAccessToken'
export const openApiSecuritySchemes = {
  [PLATFORM_TOKEN_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description: 'POST /api/open/v1/token 换取的访问令牌（pat_…）；另须请求签名头 X-Seal-Timestamp、X-Seal-Nonce、X-Seal-Signature（docs/platforms.md「Signing requests」）',
  },
} as const

export const errorBody = z
  .object({
    code: z.string().meta({ description: '机器可读的错误码，如 SIGNATURE_INVALID、SEAL_NOT_BOUND' }),
    message: z.string().meta({ description: '中文说明' }),
    requestId: z.string(),
  })

/**
 * The request signature's headers, declared on every signed call so that generated clients send them
 * (plugin.ts checks them before validation: a call without them is SIGNATURE_MISSING).
 */
export const signedHeaders = z.looseObject({
  'x-seal-timestamp': z.string().meta({ description: 'Unix 秒数，与服务器时钟相差不超过5分钟' }),
  'x-seal-nonce': z.string().meta({ description: '16至64位字母、数字、-或_，不得重复使用' }),
  'x-seal-signature': z.string().meta({
    description: '以 clientSecret 为密钥的 HMAC-SHA256（小写十六进制），签名串：SEAL-HMAC-SHA256、方法、规范路径、排序后的查询串、时间戳、nonce、请求体SHA-256，以换行连接（docs/platforms.md「Signing requests」）',
  }),
})

/** Headers of POST /documents: the signature's and the optional key (idempotency.ts checks the key). */
export const sealDocumentHeaders = signedHeaders.extend({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: '可选，8至64位字母、数字、-或_：同一签章请求重发时带同一值，24小时内返回首次结果，不重复签章' }),
})

export const tokenBody = z.object({
  clientId: z.string().min(1).max(100),
  clientSecret: z.string().min(1).max(200),
})

export const tokenAnswer = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().meta({ description: '有效秒数' }),
  expiresAt: z.string(),
})

export const boundSealsQuery = z.object({
  after: z.string().max(64).optional().meta({ description: '上一页最后一条的 bindingId' }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})

export const boundSeal = z.object({
  bindingId: z.string(),
  sealId: z.string(),
  sealName: z.string(),
  sealTypeCode: z.string(),
  sealTypeName: z.string(),
  sealCode: z.string(),
  sealStatus: z.string(),
  holderName: z.string(),
  unitName: z.string().nullable(),
  socialCreditCode: z.string().nullable(),
  certStartTime: z.string(),
  certEndTime: z.string(),
  useType: z.string(),
  boundAt: z.string(),
  usable: z.boolean(),
})

export const boundSealsAnswer = z.object({ seals: z.array(boundSeal), nextAfter: z.string().nullable() })

const coordinate = z.number().min(-14_400).max(14_400)

const pointPosition = z
  .object({
    page: z.number().int().min(1).max(100_000),
    x: coordinate.meta({ description: '印章左下角横坐标（PDF点，原点在页面显示区域即裁剪框的左下角，不计旋转）' }),
    y: coordinate.meta({ description: '印章左下角纵坐标（PDF点）' }),
  })
  .strict()

const keywordPosition = z
  .object({
    keyword: z.string().trim().min(1).max(50).meta({ description: '页面文字中的关键字：印章中心对准关键字中心' }),
    page: z.number().int().min(1).max(100_000).optional().meta({ description: '只在这一页找；不填则全文' }),
    occurrence: z.enum(['first', 'last', 'all']).optional().meta({ description: '第一处（默认）、最后一处或每一处' }),
    offsetX: coordinate.optional(),
    offsetY: coordinate.optional(),
  })
  .strict()

/** The fields of a sealing, however they travel: in the JSON body, or in the query of a raw-PDF request. */
const sealFields = {
  sealId: z.string().min(1).max(64),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => !/[/\\]/.test(name) && ![...name].some((c) => c.charCodeAt(0) < 0x20), '文件名不能包含路径或控制字符'),
  // More than MAX_SIGNATURES is TOO_MANY_SIGNATURES (plugin.ts), as a keyword found too often is.
  positions: z.array(z.union([pointPosition, keywordPosition])).min(1).max(MAX_SIGNATURES),
  remark: z.string().max(200).optional(),
  businessName: z.string().max(100).optional(),
}

export const sealDocumentBody = z.object({
  sealId: sealFields.sealId,
  fileName: sealFields.fileName,
  // No length here: the decoded size is checked (PAYLOAD_TOO_LARGE, the same answer as a body over the limit).
  pdf: z.string().min(1).meta({ description: 'PDF文件的Base64编码；解码后最大10M（10485760字节），超过则 413 PAYLOAD_TOO_LARGE' }),
  positions: sealFields.positions,
  timestamp: z.boolean().default(false).meta({ description: '是否加盖可信时间戳（PAdES B-T）' }),
  remark: sealFields.remark,
  businessName: sealFields.businessName,
})

export type SealDocumentFields = Omit<z.output<typeof sealDocumentBody>, 'pdf'>

/** The query parameters that name the raw form's fields: read only with `Content-Type: application/pdf`. */
export const RAW_PDF_FIELDS_REQUIRED = ['sealId', 'fileName', 'positions'] as const
const inRawForm = (what: string) => `仅用于以 Content-Type: application/pdf 发送PDF文件本身的请求：${what}`

/** A query value holding JSON (the raw form's positions), then checked by `schema`. */
const jsonText = <T extends z.ZodType>(schema: T, name: string) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        context.addIssue({ code: 'custom', message: `${name} 不是有效的JSON` })
        return z.NEVER
      }
    })
    .pipe(schema)

/**
 * The raw form of POST /documents (`Content-Type: application/pdf`, the PDF's bytes as the body): the other
 * fields in the query, checked by the same rules as in the JSON body. Optional here because a JSON request
 * has none; the raw form requires RAW_PDF_FIELDS_REQUIRED (routes.ts, INVALID_REQUEST naming the field).
 */
export const sealDocumentQuery = z.object({
  sealId: sealFields.sealId.optional().meta({ description: inRawForm('必填：印章ID') }),
  fileName: sealFields.fileName.optional().meta({ description: inRawForm('必填：文件名') }),
  positions: jsonText(sealFields.positions, 'positions')
    .optional()
    .meta({ description: inRawForm('必填：签章位置的JSON数组，与JSON请求体的 positions 相同，如 [{"page":1,"x":380,"y":60}]（URL编码）') }),
  timestamp: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: inRawForm('可选：true 加盖可信时间戳（PAdES B-T），默认 false') }),
  remark: sealFields.remark.meta({ description: inRawForm('可选：备注') }),
  businessName: sealFields.businessName.meta({ description: inRawForm('可选：业务名称') }),
})

/** The body of the raw form: the PDF's own bytes. */
export const rawPdf = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'PDF文件本身（最大10M，10485760字节；超过则 413 PAYLOAD_TOO_LARGE）' })

/** The answer of GET /documents/{documentId} with Accept: application/pdf: the sealed file, which may be larger than the 10 MiB a request may send. */
export const sealedPdf = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: '已签章的PDF文件本身（可大于10M：每个签名加入证书链、印章图片与签名数据）；响应头 X-Seal-Document-Sha256 为其SHA-256' })

const placement = z.object({ page: z.number(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })

export const sealedDocument = z.object({
  documentId: z.string(),
  sealId: z.string(),
  fileName: z.string().meta({ description: '已签章文件的文件名：请求的文件名加（已签章），如 投标文件（已签章）.pdf' }),
  sha256: z.string(),
  size: z.number(),
  signatures: z.number(),
  timestamped: z.boolean(),
  createdAt: z.string(),
  placements: z.array(placement),
})

export const documentParams = z.object({ documentId: z.string().min(1).max(64) })

export const documentAnswer = z.object({
  documentId: z.string(),
  sealId: z.string(),
  fileName: z.string().meta({ description: '已签章文件的文件名：请求的文件名加（已签章），如 投标文件（已签章）.pdf' }),
  sha256: z.string(),
  size: z.number(),
  createdAt: z.string(),
  pdf: z.string().meta({ description: '已签章PDF的Base64编码' }),
})
