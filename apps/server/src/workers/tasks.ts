import { agreement } from '@seal/pdf/documents/agreements'
import { applicationForm } from '@seal/pdf/documents/application-form'
import { applicationStatement } from '@seal/pdf/documents/application-statement'
import { authorizationLetter } from '@seal/pdf/documents/authorization-letter'
import { pageBox, pageBoxes, prepareSignature, type PrepareSignatureInput } from '@seal/pdf/sign/sign-pdf'
import { extractStamp, type ExtractStampOptions } from '@seal/seal/extract-stamp'
import { verifyPdf, type VerifyPdfOptions } from '@seal/pdf/verify/verify-pdf'
import { findText, type FindTextOptions } from '@seal/pdf/text/find-text'
import { Piscina } from 'piscina'
import { ownsItsMemory } from './transfer.ts'

/**
 * The work a worker thread does for the server (workers/pool.ts): parsing an uploaded PDF (verification,
 * the heavy half of signing, the page box, the text search), the JavaScript pixel work of stamp extraction, and generating
 * the agreements and application documents (layout and CJK font subsetting). Built as its
 * own entry (build.mjs: dist/worker.js), loaded by piscina.
 */
export type WorkerTask =
  | { kind: 'verify'; pdf: Uint8Array; options: VerifyPdfOptions }
  | { kind: 'prepareSignature'; input: PrepareSignatureInput }
  | { kind: 'pageBox'; pdf: Uint8Array; page: number }
  | { kind: 'pageBoxes'; pdf: Uint8Array; pages: number[] }
  | { kind: 'findText'; pdf: Uint8Array; phrases: string[]; options: FindTextOptions }
  | { kind: 'extractStamp'; photo: Uint8Array; options: ExtractStampOptions }
  | { kind: 'agreement'; input: Parameters<typeof agreement>[0] }
  | { kind: 'applicationForm'; input: Parameters<typeof applicationForm>[0] }
  | { kind: 'applicationStatement'; input: Parameters<typeof applicationStatement>[0] }
  | { kind: 'authorizationLetter'; input: Parameters<typeof authorizationLetter>[0] }

export type TaskResults = {
  verify: Awaited<ReturnType<typeof verifyPdf>>
  prepareSignature: ReturnType<typeof prepareSignature>
  pageBox: ReturnType<typeof pageBox>
  pageBoxes: ReturnType<typeof pageBoxes>
  findText: Awaited<ReturnType<typeof findText>>
  extractStamp: Awaited<ReturnType<typeof extractStamp>>
  agreement: Awaited<ReturnType<typeof agreement>>
  applicationForm: Awaited<ReturnType<typeof applicationForm>>
  applicationStatement: Awaited<ReturnType<typeof applicationStatement>>
  authorizationLetter: Awaited<ReturnType<typeof authorizationLetter>>
}

/** A class does not survive the trip between threads: errors travel as their name, code and message. */
export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; error: { name: string; message: string; code?: string; detail?: string } }

export default async function runTask(task: WorkerTask): Promise<TaskOutcome<unknown>> {
  try {
    const value = await run(task)
    // A signed document (megabytes) goes back moved, not copied: nothing here keeps it.
    if (task.kind === 'prepareSignature') return movingBytes({ ok: true, value }, (value as TaskResults['prepareSignature']).bytes)
    return { ok: true, value }
  } catch (error) {
    const { name, message, code, detail } = error as Error & { code?: string; detail?: string }
    return { ok: false, error: { name, message, code, detail } }
  }
}

/** `outcome`, with `bytes`' memory moved to the main thread (piscina transfers what a task returns so marked). */
function movingBytes(outcome: TaskOutcome<unknown>, bytes: Uint8Array): TaskOutcome<unknown> {
  if (!ownsItsMemory(bytes)) return outcome
  const movable = { [Piscina.transferableSymbol]: [bytes.buffer], [Piscina.valueSymbol]: outcome }
  return Piscina.move(movable as never) as unknown as TaskOutcome<unknown>
}

function run(task: WorkerTask) {
  switch (task.kind) {
    case 'verify':
      return verifyPdf(task.pdf, task.options)
    case 'prepareSignature':
      return prepareSignature(task.input)
    case 'pageBox':
      return pageBox(task.pdf, task.page)
    case 'pageBoxes':
      return pageBoxes(task.pdf, task.pages)
    case 'findText':
      // The open API's keyword positions: pdf.js reads the text, a few milliseconds a page.
      return findText(task.pdf, task.phrases, task.options)
    case 'extractStamp':
      // The pixel analysis is JavaScript: hundreds of milliseconds a photo. `cause` may not cross threads.
      return extractStamp(Buffer.from(task.photo), task.options).then((result) => (result.ok ? result : { ...result, cause: undefined }))
    case 'agreement':
      // Laying out and subsetting the CJK font takes about 180 ms a document.
      return agreement(task.input)
    case 'applicationForm':
      return applicationForm(task.input)
    case 'applicationStatement':
      return applicationStatement(task.input)
    case 'authorizationLetter':
      return authorizationLetter(task.input)
  }
}
