import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { PdfSignError, type SignErrorCode } from '@seal/pdf/sign/sign-errors'
import { PdfLimitError } from '@seal/pdf/sign/pdf-limits'
import { PdfVerifyError } from '@seal/pdf/verify/verify-pdf'
import { AppError } from '../errors.ts'
import type { WorkerTask, TaskOutcome, TaskResults } from './tasks.ts'
import { ownsItsMemory } from './transfer.ts'

export const workerMessages = {
  busy: '系统繁忙，请稍后再试',
  timeout: '文件处理超时，请确认文件完整后重试',
  failed: '文件内容异常，无法处理',
} as const

/** Limits of the pool: small (two cores are common), a bounded queue, a time and a heap per task. */
export const workerLimits = {
  maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  /** Tasks waiting for a thread; past this a request is refused at once rather than left to time out. */
  maxQueue: 16,
  taskTimeoutMs: 30_000,
  /** The inflate caps (pdf-limits.ts) keep a document far below this; a heap past it ends the task. */
  maxHeapMb: 256,
} as const

let pool: Piscina | undefined
/** Tasks running or waiting. Counted here: piscina puts tasks that carry an abort signal in a queue its maxQueue does not see. */
let inFlight = 0

/**
 * From the bundle (dist/main.js) the worker is dist/worker.js, built beside it by build.mjs; from source
 * (tsx, vitest) it is tasks.ts, loaded through tsx.
 */
function workerPool(): Piscina {
  if (pool) return pool
  const fromSource = import.meta.url.endsWith('.ts')
  pool = new Piscina({
    filename: new URL(fromSource ? './tasks.ts' : './worker.js', import.meta.url).href,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: workerLimits.maxThreads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: workerLimits.maxHeapMb },
  })
  return pool
}

/**
 * Runs a task in the worker pool, so parsing an uploaded PDF or analysing a photo never holds the event
 * loop. Errors come back as the classes the domain code knows (PdfSignError, PdfVerifyError,
 * PdfLimitError); a full queue, a timeout or a worker out of memory is an {@link AppError} with a clear
 * message.
 *
 * `handOver`: bytes of the task the caller will not read again (a PDF of megabytes): moved to the worker
 * thread instead of copied, when they own their memory; they are empty here afterwards.
 *
 * @example
 * const box = await inWorker({ kind: 'pageBox', pdf, page: 1 })
 * const prepared = await inWorker({ kind: 'prepareSignature', input }, { handOver: [input.pdf] })
 */
export async function inWorker<K extends WorkerTask['kind']>(
  task: Extract<WorkerTask, { kind: K }>,
  options: { timeoutMs?: number; handOver?: Uint8Array[] } = {},
): Promise<TaskResults[K]> {
  if (inFlight >= workerLimits.maxThreads + workerLimits.maxQueue) throw new AppError({ message: workerMessages.busy })
  let outcome: TaskOutcome<TaskResults[K]>
  inFlight++
  try {
    const transferList = (options.handOver ?? []).filter(ownsItsMemory).map((bytes) => bytes.buffer as ArrayBuffer)
    outcome = await workerPool().run(task, { signal: AbortSignal.timeout(options.timeoutMs ?? workerLimits.taskTimeoutMs), transferList })
  } catch (error) {
    throw poolError(error)
  } finally {
    inFlight--
  }
  if (outcome.ok) return outcome.value
  throw revive(outcome.error)
}

/** Ends the worker threads (at shutdown); a later task starts a new pool. */
export async function closeWorkerPool(): Promise<void> {
  const closing = pool
  pool = undefined
  await closing?.destroy()
}

function poolError(error: unknown): Error {
  const { name, code } = error as Error & { code?: string }
  if (name === 'AbortError') return new AppError({ message: workerMessages.timeout })
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new AppError({ message: workerMessages.failed })
  return error as Error
}

function revive(error: { name: string; message: string; code?: string; detail?: string }): Error {
  if (error.name === 'PdfSignError') return new PdfSignError(error.code as SignErrorCode, error.detail)
  if (error.name === 'PdfVerifyError') return new PdfVerifyError(error.message)
  if (error.name === 'PdfLimitError') return new PdfLimitError(error.message)
  return Object.assign(new Error(error.message), { name: error.name })
}
