import { post } from '../../lib/request/request.ts'

/** Face results (spec 002 §4): 1 started, 2 success, 3 fail. */
export const faceStatus = { STARTED: '1', SUCCESS: '2', FAILED: '3' } as const

export type FaceResult = { status: string; msg: string; serialNo: string; type: 'face' }

/** POST /verifySign/paasExchangeToken: a face token for the logged-in person's own identity. */
export function fetchFaceToken(identity: { idCardNo: string; realName: string }) {
  return post<string>('/verifySign/paasExchangeToken', { idType: '111', ...identity })
}

/** POST /face/verify: the selfie for that token; the answer says whether the face matched. */
export function submitSelfie(input: { token: string; image: string }) {
  return post<FaceResult>('/face/verify', input, { silent: true })
}
