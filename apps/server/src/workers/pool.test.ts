import { afterAll, describe, expect, it } from 'vitest'
import { PdfSignError } from '@seal/pdf/sign/sign-errors'
import { corruptPdf, xrefBombPdf } from '@seal/pdf/test/payload-bombs'
import { AppError } from '../errors.ts'
import { closeWorkerPool, inWorker, workerLimits } from './pool.ts'

describe('the worker pool', () => {
  afterAll(() => closeWorkerPool())

  it('brings the domain errors back as their own classes', async () => {
    const failure = await inWorker({ kind: 'pageBox', pdf: corruptPdf(), page: 1 }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(PdfSignError)
    expect(failure).toMatchObject({ code: 'UNREADABLE_PDF' })
  })

  it('ends a task that runs past its time and says so; the pool goes on', async () => {
    const late = await inWorker({ kind: 'pageBox', pdf: xrefBombPdf(), page: 1 }, { timeoutMs: 5 }).catch((error: unknown) => error)
    expect(late).toBeInstanceOf(AppError)
    expect((late as AppError).message).toBe('文件处理超时，请确认文件完整后重试')
    await expect(inWorker({ kind: 'pageBox', pdf: corruptPdf(), page: 1 })).rejects.toBeInstanceOf(PdfSignError)
  })

  it('answers 系统繁忙 past the queue limit instead of queueing without end', async () => {
    const bomb = xrefBombPdf()
    const tasks = Array.from({ length: workerLimits.maxThreads + workerLimits.maxQueue + 8 }, () =>
      inWorker({ kind: 'pageBox', pdf: bomb, page: 1 }).catch((error: Error) => error),
    )
    const failures = await Promise.all(tasks)
    const busy = failures.filter((error) => error instanceof AppError)
    expect(busy.length).toBeGreaterThanOrEqual(8)
    expect(busy[0]?.message).toBe('系统繁忙，请稍后再试')
    expect(failures.filter((error) => error instanceof PdfSignError).every((error) => (error as PdfSignError).code === 'PDF_TOO_LARGE')).toBe(true)
  })
})
