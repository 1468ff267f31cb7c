/** Why a document could not be signed, with a Chinese sentence the server can pass on as it is. */
export const signErrorMessages = {
  UNREADABLE_PDF: '文件不是有效的PDF文档，无法签章',
  PDF_TOO_LARGE: 'PDF文件过大或已损坏，无法签章',
  ENCRYPTED_PDF: '文档已加密，无法签章',
  PAGE_OUT_OF_RANGE: '签章页码超出文档页数',
  BAD_RECT: '签章位置无效',
  BAD_IMAGE: '签章图片不是有效的PNG图片',
  SIGNATURE_TOO_LARGE: '签名数据超出预留空间',
  TIMESTAMP_FAILED: '时间戳服务暂不可用，请稍后再试',
} as const

export type SignErrorCode = keyof typeof signErrorMessages

export class PdfSignError extends Error {
  constructor(
    readonly code: SignErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${signErrorMessages[code]}（${detail}）` : signErrorMessages[code])
    this.name = 'PdfSignError'
  }
}
