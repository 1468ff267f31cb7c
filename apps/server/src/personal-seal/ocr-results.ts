import { messages } from '@seal/shared/messages'
import type { Caller } from '../plugins/caller.ts'
import type { Database } from '../db/client.ts'
import { businessError } from '../errors.ts'
import { idCardOcrResult } from '../identity/ocr-service.ts'
import type { OcrResults } from './service.ts'

/**
 * The identity step reads the OCR results of the caller's own uploads; a serial of the wrong side is
 * refused with the side's message (spec 002 §5), a failed recognition with the OCR module's message.
 */
export function ocrResultsFor(db: Database, caller: Caller): OcrResults {
  return {
    front: async (serial) => {
      const result = await idCardOcrResult(db, caller.accountId, serial)
      if (result.imgType !== '10') throw businessError(messages.idFrontRequired)
      return result
    },
    back: async (serial) => {
      const result = await idCardOcrResult(db, caller.accountId, serial)
      if (result.imgType !== '11') throw businessError(messages.idBackInvalid)
      return result
    },
  }
}
