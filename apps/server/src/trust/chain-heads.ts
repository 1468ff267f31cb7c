import { createHash } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import * as pkijs from 'pkijs'
import type { ChainReport, ChainSource } from '../audit/chain.ts'
import { chainHeads } from '../audit/tables.ts'
import type { Database } from '../db/client.ts'
import type { Trust } from './context.ts'
import { serviceKey } from './service-signer.ts'
import { serviceCredentials } from './tables.ts'
import { timestampAuthority } from './timestamping.ts'

const ecdsa = { name: 'ECDSA', hash: 'SHA-256' } as const

/** What a head says, as signed: the chain, the place and hash of its newest entry, and when. */
export const headStatement = (head: { chain: string; chainSeq: number; entryHash: string; signedAt: Date }) =>
  `seal-service chain head\n${head.chain}\n${head.chainSeq}\n${head.entryHash}\n${head.signedAt.toISOString()}`

/**
 * Signs the chain's newest linked entry with the service's audit key and has it stamped by the timestamp
 * authority, unless that entry's head is signed already. A rewrite of the chain up to a signed head, even
 * with every hash recomputed, no longer matches it. Answers the head, or null when the chain is empty.
 */
export async function signChainHead(trust: Trust, source: ChainSource) {
  const last = await source.last(trust.db)
  if (!last) return null
  const [signed] = await trust.db
    .select()
    .from(chainHeads)
    .where(and(eq(chainHeads.chain, source.name), eq(chainHeads.chainSeq, last.chainSeq)))
    .limit(1)
  if (signed) return signed
  const key = await serviceKey(trust, 'audit-signing')
  const head = { chain: source.name, chainSeq: last.chainSeq, entryHash: last.entryHash, signedAt: trust.now() }
  const statement = new TextEncoder().encode(headStatement(head))
  const signature = new Uint8Array(await crypto.subtle.sign(ecdsa, key.privateKey, statement))
  const authority = timestampAuthority(trust)
  const timestampToken = authority ? await authority.requestToken(createHash('sha256').update(statement).digest()) : null
  const [row] = await trust.db
    .insert(chainHeads)
    .values({ ...head, signature, certificateDer: key.certificateChain[0]!, timestampToken })
    .returning()
  return row!
}

export type HeadsReport = { heads: number; firstBadHead: { chainSeq: number; reason: string } | null }

/**
 * Checks every signed head of a chain against the chain as verified (`report`): the signature by a
 * certificate the service issued for audit signing, and the entry at the head's place still carrying the
 * signed hash. A chain cut shorter than a signed head, or rewritten whole, fails here.
 */
export async function verifyChainHeads(db: Database, source: ChainSource, report: ChainReport): Promise<HeadsReport> {
  const heads = await db.select().from(chainHeads).where(eq(chainHeads.chain, source.name)).orderBy(desc(chainHeads.chainSeq))
  const ours = await db.select({ certificateDer: serviceCredentials.certificateDer }).from(serviceCredentials).where(eq(serviceCredentials.purpose, 'audit-signing'))
  const known = new Set(ours.map((row) => Buffer.from(row.certificateDer).toString('base64')))
  const verifiedUpTo = report.firstBreak ? report.firstBreak.chainSeq - 1 : (report.head?.chainSeq ?? 0)
  for (const head of heads) {
    const bad = (reason: string) => ({ heads: heads.length, firstBadHead: { chainSeq: head.chainSeq, reason } })
    if (!known.has(Buffer.from(head.certificateDer).toString('base64'))) return bad('签名证书不是本服务的审计签名证书')
    if (!(await signatureHolds(head))) return bad('签名无效（签名后被改动）')
    if (head.chainSeq > verifiedUpTo) return bad(`已签名的第 ${head.chainSeq} 条不在完好的链中（链被截短或改动）`)
    const [entry] = await source.linked(db, head.chainSeq - 1, 1)
    if (!entry || entry.chainSeq !== head.chainSeq || entry.entryHash !== head.entryHash) return bad(`第 ${head.chainSeq} 条的哈希与签名时不同（链被重写）`)
  }
  return { heads: heads.length, firstBadHead: null }
}

async function signatureHolds(head: typeof chainHeads.$inferSelect): Promise<boolean> {
  try {
    const certificate = pkijs.Certificate.fromBER(head.certificateDer)
    const spki = certificate.subjectPublicKeyInfo.toSchema().toBER(false)
    const publicKey = await crypto.subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
    return await crypto.subtle.verify(ecdsa, publicKey, head.signature, new TextEncoder().encode(headStatement(head)))
  } catch {
    return false
  }
}
