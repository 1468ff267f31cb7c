import { sql } from 'drizzle-orm'
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { bytea, chainLinkColumns, createdAt, id } from '../db/columns.ts'

/**
 * Append-only audit trail: who did what to which object. Never holds secrets (no PIN, code or token).
 * Hash-chained (audit/chain.ts): editing, deleting or reordering a row is found by `npm run audit:verify`.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    accountId: text('account_id'),
    /** The operator or API key that did it (an operator action), with the name it had then. */
    operatorId: text('operator_id'),
    operatorName: text('operator_name'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
    ...chainLinkColumns(),
  },
  (t) => [
    // The console's search, newest first (console/audit-events.ts): by account, operator, action prefix,
    // target, or the period alone.
    index('audit_events_account_idx').on(t.accountId, t.createdAt),
    index('audit_events_operator_idx').on(t.operatorName, t.createdAt),
    index('audit_events_action_time_idx').on(t.action.op('text_pattern_ops'), t.createdAt),
    index('audit_events_target_time_idx').on(t.target, t.createdAt),
    index('audit_events_time_idx').on(t.createdAt, t.id),
    uniqueIndex('audit_events_chain_seq_idx').on(t.chainSeq),
    // The chainer's queue: rows not linked yet, oldest first.
    index('audit_events_unlinked_idx')
      .on(t.createdAt, t.id)
      .where(sql`chain_seq is null`),
  ],
)

/**
 * A chain's head as the service signed it (trust/chain-heads.ts): the place and hash of the newest entry then,
 * signed with the service's audit key and stamped by the timestamp authority. A later rewrite of the chain,
 * even one that recomputes every hash, no longer matches a signed head.
 */
export const chainHeads = pgTable(
  'chain_heads',
  {
    id: id(),
    /** Which chain: 'audit' (audit_events) or 'use' (seal_use_records). */
    chain: text('chain').notNull(),
    chainSeq: bigint('chain_seq', { mode: 'number' }).notNull(),
    entryHash: text('entry_hash').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** ECDSA P-256 over SHA-256 of the head's statement (chain-heads.ts `headStatement`), IEEE P1363. */
    signature: bytea('signature').notNull(),
    /** The signing certificate (DER), issued by the service's CA. */
    certificateDer: bytea('certificate_der').notNull(),
    /** RFC 3161 token over the statement's SHA-256, when timestamps are on. */
    timestampToken: bytea('timestamp_token'),
  },
  (t) => [index('chain_heads_chain_idx').on(t.chain, t.chainSeq)],
)
