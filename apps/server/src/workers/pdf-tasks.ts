import { pageBox, prepareSignature, type PrepareSignatureInput } from '@seal/pdf/sign/sign-pdf'
import { verifyPdf, type VerifyPdfOptions } from '@seal/pdf/verify/verify-pdf'

/**
 * The work a worker thread does for the server (workers/pool.ts): everything that parses an uploaded PDF
 * or decodes an image in JavaScript. Built as its own entry (build.mjs), loaded by piscina.
 */
export type PdfTask =
  | { kind: 'verify'; pdf: Uint8Array; options: VerifyPdfOptions }
  | { kind: 'prepareSignature'; input: PrepareSignatureInput }
  | { kind: 'pageBox'; pdf: Uint8Array; page: number }

export type TaskResults = {
  verify: Awaited<ReturnType<typeof verifyPdf>>
  prepareSignature: ReturnType<typeof prepareSignature>
  pageBox: ReturnType<typeof pageBox>
}

/** A class does not survive the trip between threads: errors travel as their name, code and message. */
export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; error: { name: string; message: string; code?: string; detail?: string } }

export default async function runTask(task: PdfTask): Promise<TaskOutcome<unknown>> {
  try {
    return { ok: true, value: await run(task) }
  } catch (error) {
    const { name, message, code, detail } = error as Error & { code?: string; detail?: string }
    return { ok: false, error: { name, message, code, detail } }
  }
}

function run(task: PdfTask) {
  switch (task.kind) {
    case 'verify':
      return verifyPdf(task.pdf, task.options)
    case 'prepareSignature':
      return prepareSignature(task.input)
    case 'pageBox':
      return pageBox(task.pdf, task.page)
  }
}
