import { z } from 'zod'
import { backlogListType } from '../codes/backlog.ts'

/**
 * The agency centre (待办中心, spec 002 §2 "Agency centre routes", §3 "Backlog item", §7): operators'
 * applications waiting for (or handled by) the legal representative they name. A backlog item is one
 * application: `id` and `businessId` are both the application's id.
 */

export const backlogListBody = z.object({
  listType: z.coerce.number().pipe(z.union([z.literal(backlogListType.TODO), z.literal(backlogListType.HANDLED)])),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  /** The spec sends the caller's identity; the server answers for the caller only. */
  idType: z.string().max(10).optional(),
  idCardNo: z.string().max(100).optional(),
})
export type BacklogListBody = z.input<typeof backlogListBody>

export const backlogAttachment = z.object({
  key: z.string(),
  fileId: z.string(),
  fileName: z.string(),
})

export const backlogItem = z.object({
  id: z.string(),
  businessId: z.string(),
  /** APPLY, CHANGE, … (codes/business-type.ts). */
  businessType: z.string(),
  /** 1 pending, 4 handled, 16 refused, 32 withdrawn (codes/backlog.ts). */
  status: z.number().int(),
  /** The application's own status (codes/apply-status.ts). */
  applyStatus: z.string(),
  sealUseCompany: z.string(),
  /** Seal type names joined by 、 */
  sealTypeNames: z.string(),
  /** The operator who applied. */
  operationName: z.string(),
  /** When it was submitted (epoch ms). */
  createdAt: z.number().int(),
  /** The signed documents once signed; empty while pending (the documents to sign come from getLocalConfig). */
  attachments: z.array(backlogAttachment),
  /**
   * Ours: an authorisation of a seal waiting for the caller to accept it (businessType SEAL_AUTH); the item
   * opens /authorization-start/personal?authId=… rather than the application's detail.
   */
  authorization: z
    .object({
      authId: z.string(),
      sealId: z.string(),
      sealName: z.string(),
      grantorName: z.string(),
      /** 1 use, 2 manage (codes/authorization.ts). */
      authUseType: z.number(),
      startTime: z.number(),
      endTime: z.number(),
    })
    .optional(),
})
export type BacklogItem = z.infer<typeof backlogItem>

export const backlogListAnswer = z.object({
  records: z.array(backlogItem),
  pages: z.number().int(),
  total: z.number().int(),
  pageNo: z.number().int(),
})
export type BacklogListAnswer = z.infer<typeof backlogListAnswer>

export const backlogDetailBody = z.object({
  backlogId: z.string().min(1).max(64),
  /** Also send each seal image as base64 (the short-lived link is always given). */
  fetchSealPicB64: z.boolean().optional(),
})
export type BacklogDetailBody = z.input<typeof backlogDetailBody>

export const backlogDetailAnswer = z.object({
  backLogDetail: backlogItem,
  companyDetail: z.object({ companyName: z.string(), companyCardNo: z.string(), legalName: z.string(), legalCardNo: z.string() }),
  /** The seal manager when one is named, else empty strings (the screen says 未设置). */
  sealAdmin: z.object({ adminName: z.string(), cardNo: z.string() }),
  /** The operator who applied (经办人). */
  operator: z.object({ name: z.string(), cardNo: z.string(), phone: z.string() }),
  sealInfos: z.array(
    z.object({
      sealFileId: z.string(),
      sealTypeCode: z.string(),
      sealTypeStr: z.string(),
      sealName: z.string(),
      /** Short-lived picture link (an access token in the query); empty when there is no picture. */
      sealPicUrl: z.string(),
      sealPicB64: z.string().optional(),
    }),
  ),
  /** Whether the caller is the legal representative who may sign or refuse it now. */
  canSign: z.boolean(),
})
export type BacklogDetailAnswer = z.infer<typeof backlogDetailAnswer>

export const backlogLocalConfigBody = z.object({ backlogId: z.string().min(1).max(64) })

const box = z.object({ page: z.number(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })

/** POST /seal-apply/backlog/detail/getLocalConfig: the documents to sign, each with its signing position. */
export const backlogLocalConfigAnswer = z.array(
  z.object({
    key: z.string(),
    fileId: z.string(),
    fileName: z.string(),
    localConfigs: z.array(box.extend({ required: z.boolean() })),
  }),
)
export type BacklogLocalConfigAnswer = z.infer<typeof backlogLocalConfigAnswer>
