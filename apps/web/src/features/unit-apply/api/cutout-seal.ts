import { post } from '../../../lib/request/request.ts'

/** What the impression extractor answers: file ids of the photo and of the cut-out, and the cut-out itself. */
export type CutoutAnswer = {
  succ: boolean
  code: string | null
  msg: string
  originalPic: string | null
  sealPic: string | null
  sealPicBase64: string | null
}

/**
 * POST /seal-apply/seal/cutoutBase64: the red impression cut out of a photo of the stamped paper, or why
 * it could not be. Silent: a failure is said in the wizard's 印模提取失败 dialog. sealTypeCode (ours) tells
 * the server what the seal's face must carry: the unit's name alone (01) or with the type's name across.
 */
export function cutoutSeal(input: { file: string; sealName: string; sealTypeCode: string; unitName?: string }) {
  return post<CutoutAnswer>('/seal-apply/seal/cutoutBase64', input, { silent: true })
}
