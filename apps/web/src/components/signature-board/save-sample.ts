import { Dialog, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import type { LoginInfo } from '@seal/shared/api/auth'
import { handwritingFailureMessage, type HandwritingSaveResult } from '@seal/shared/api/handwriting'
import { saveHandwriting } from './handwriting-api.ts'
import type { SignatureResult } from './signature-board.tsx'

/**
 * Saves what the person wrote as one of their reference samples (POST /sign/handwriting/save, purpose
 * `sample`). A sample that does not match the earlier ones is an answer, not an error: it is told
 * (识别不通过, with what to do about it, in a dialog the person closes before writing again) and null
 * comes back, so the board clears for another try.
 */
export async function saveSample(me: LoginInfo, written: SignatureResult): Promise<HandwritingSaveResult | null> {
  const result = await saveHandwriting({
    identity: me.personCard,
    name: me.personName,
    purpose: 'sample',
    signData: written.signData,
    signImage: written.dataUrl,
    device: written.device,
  })
  const failure = handwritingFailureMessage(result)
  if (!failure) return result
  if (failure === messages.signatureNotRecognized) {
    await Dialog.alert({ title: failure, content: messages.signatureRetryHint, confirmText: '重新签名' })
  } else {
    Toast.show({ content: failure, duration: 3000 })
  }
  return null
}
