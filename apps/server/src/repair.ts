import type { Database } from './db/client.ts'
import { sweepOrphanFiles } from './files/repair.ts'
import { closeDraftsOfMadeSeals } from './personal-seal/service.ts'
import { currentCrl } from './trust/ca.ts'
import type { Trust } from './trust/context.ts'
import { resumeSealing } from './unit-apply/review/run.ts'

/**
 * Start-up repair of what a crash can leave between two writes (decisions.md "Crash safety"): drafts
 * whose seal was made are closed, enterprise applications left in SEALING are finished (the review's
 * decisions are on record; items already made are not made again), and the CRL is re-signed if
 * revocations committed after the last one.
 * Use records need nothing: one is written only with its stored document, in one transaction.
 */
export async function repairAtStart(trust: Trust): Promise<{ draftsClosed: number; applicationsFinished: number }> {
  const draftsClosed = await closeDraftsOfMadeSeals(trust.db)
  const applicationsFinished = await resumeSealing(trust)
  await currentCrl(trust)
  return { draftsClosed, applicationsFinished }
}

/**
 * The slower half, run after the server listens: stored files no row points at. With PGlite and the local
 * folder this process is the only writer (the data folder is locked) and stamps the files by its own clock,
 * so everything stored before it started is settled. Otherwise only files older than an hour are swept:
 * with PostgreSQL other processes may be storing files right now, and an S3-compatible store stamps objects
 * by its own clock, which may run behind ours, so a file this process stores after starting could look
 * older than the start.
 */
export async function sweepAfterStart(options: { db: Database; trust: Trust; kind: 'pglite' | 'postgres'; startedAt: Date }) {
  const { files } = options.trust
  const settled = options.kind === 'pglite' && files.clock === 'this-machine'
  const before = settled ? options.startedAt : new Date(options.startedAt.getTime() - 3600_000)
  return sweepOrphanFiles({ db: options.db, store: files, before })
}
