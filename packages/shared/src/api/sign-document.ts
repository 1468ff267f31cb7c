import { z } from 'zod'

/** A box on a page in PDF points from the page's bottom-left corner. */
const pointBox = z.object({
  x: z.number().min(0).max(14_400),
  y: z.number().min(0).max(14_400),
  width: z.number().min(10, '签名区域过小').max(600, '签名区域过大'),
  height: z.number().min(10, '签名区域过小').max(600, '签名区域过大'),
})

/**
 * POST /seal/signDocument †: the seal's holder applies it to one of their uploaded PDFs with the seal
 * password, or an authorised user with their use password and/or a verified signature (what a business
 * platform does for them once bound). Position in PDF points from the page's
 * bottom-left; left out, the seal goes to the bottom right of the page.
 */
export const signDocumentBody = z.object({
  sealId: z.string().min(1, '缺少参数：sealId').max(64),
  /** The seal password (holder), or the authorised user's use password. */
  pin: z.string().max(64).optional(),
  /** An authorised user with the signature use method: a signature just verified (POST /sign/handwriting/save, purpose verify). */
  signatureId: z.string().max(64).optional(),
  fileId: z.string().min(1, '缺少参数：fileId').max(64),
  page: z.number().int('页码必须为整数').min(1, '签章页码超出文档页数').max(100_000).default(1),
  x: z.number().min(0).max(14_400).optional(),
  y: z.number().min(0).max(14_400).optional(),
  remark: z.string().max(200).optional(),
  /**
   * The holder of a personal name seal may add their chosen handwritten signature beside the seal, on the
   * same page, in this box (the 用章 screen puts it to the seal's right): a second signature of the document.
   */
  handwriting: pointBox.optional(),
})
export type SignDocumentBody = z.input<typeof signDocumentBody>

export const signedDocument = z.object({ fileId: z.string(), fileName: z.string(), sha256: z.string() })

/**
 * The name a sealed copy is stored and saved under: the original's name marked （已签章）.
 *
 * @example
 * sealedFileName('采购合同.pdf') // '采购合同（已签章）.pdf'
 */
export const sealedFileName = (fileName: string) => `${fileName.replace(/\.pdf$/i, '')}（已签章）.pdf`
export type SignedDocument = z.infer<typeof signedDocument>

/** POST /seal/useInfo †: what the 用章 screen needs to know before placing and confirming. */
export const sealUseInfoBody = z.object({ sealId: z.string().min(1, '缺少参数：sealId').max(64) })

export const sealUseInfo = z.object({
  /** The caller's role on the seal: 1 holder, 2 manager, 3 authorised user. */
  role: z.number(),
  /**
   * What each use asks of the caller (000 §3 use methods): for the holder the seal's own method, for a
   * manager or authorised user their authorisation's — 1 signature, 2 password, 3 both.
   */
  useType: z.number(),
  /** The seal's size on paper in PDF points, as /seal/signDocument draws it. */
  sealWidth: z.number(),
  sealHeight: z.number(),
  /** The caller may add their chosen handwritten signature beside the seal (a personal name seal's holder who has one). */
  handwriting: z.boolean(),
})
export type SealUseInfo = z.infer<typeof sealUseInfo>

/** What the 用章 screen and its calls say (our screen; the spec's own messages are in messages.ts). */
export const sealUseMessages = {
  handwritingPersonalOnly: '仅个人名章持有人可同时加盖手写签名',
  handwritingMissing: '未找到您选定的手写签名，请先在个人名章申请中选择签名',
  outsidePage: '签章位置超出页面范围',
  notPdf: '请选择PDF格式的文件',
  uploadFailed: '文件上传失败，请重试',
  placeFirst: '请先点击页面放置印章',
  placeHint: '点击页面放置印章，按住印章可拖动调整位置',
  sealNotInEffect: '印章当前不可用，无法用章',
  sealed: '用章成功',
  linkCopied: '复制成功，链接10分钟内有效',
  copyFailed: '复制失败，请使用下载',
} as const
