import { z } from 'zod'
import { MAX_UPLOAD_BYTES } from '../files/limits.ts'
import { MAX_SIGNATURES } from './open-sealing.ts'

/**
 * The open API's payloads (docs/api.md "Open API"). Our own H5 contracts live in packages/shared; these are
 * read by platforms' programs, which take them from the served OpenAPI document (/api/docs/json, tag
 * open-api) and from docs/platforms.md.
 */

/** Base64 of the largest PDF we accept, with room for padding. */
export const MAX_PDF_BASE64_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4
/** The body of a sealing request may hold the base64 PDF and the rest of the JSON. */
export const SEAL_BODY_LIMIT = MAX_PDF_BASE64_CHARS + 64 * 1024

export const errorBody = z
  .object({
    code: z.string().meta({ description: '机器可读的错误码，如 SIGNATURE_INVALID、SEAL_NOT_BOUND' }),
    message: z.string().meta({ description: '中文说明' }),
    requestId: z.string(),
  })

/** Headers of POST /documents beyond the signature's, for the OpenAPI document (idempotency.ts checks the key). */
export const sealDocumentHeaders = z.looseObject({
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

export const sealDocumentBody = z.object({
  sealId: z.string().min(1).max(64),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => !/[/\\]/.test(name) && ![...name].some((c) => c.charCodeAt(0) < 0x20), '文件名不能包含路径或控制字符'),
  pdf: z.string().min(1).max(MAX_PDF_BASE64_CHARS, '文件大小不能超过10M').meta({ description: 'PDF文件的Base64编码，最大10M' }),
  positions: z.array(z.union([pointPosition, keywordPosition])).min(1).max(MAX_SIGNATURES),
  timestamp: z.boolean().default(false).meta({ description: '是否加盖可信时间戳（PAdES B-T）' }),
  remark: z.string().max(200).optional(),
  businessName: z.string().max(100).optional(),
})

const placement = z.object({ page: z.number(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })

export const sealedDocument = z.object({
  documentId: z.string(),
  sealId: z.string(),
  fileName: z.string(),
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
  fileName: z.string(),
  sha256: z.string(),
  size: z.number(),
  createdAt: z.string(),
  pdf: z.string().meta({ description: '已签章PDF的Base64编码' }),
})
