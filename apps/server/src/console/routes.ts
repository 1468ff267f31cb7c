import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  auditEventAnswer,
  auditEventQuery,
  CONSOLE_EXPORT_MAX_ROWS,
  consoleMessages,
  consoleRevokeAnswer,
  consoleRevokeBody,
  consoleSealDetail,
  dashboardAnswer,
  sealSearchAnswer,
  sealSearchQuery,
  useRecordSearchAnswer,
  useRecordSearchQuery,
  type AuditEventItem,
  type DashboardAnswer,
  type ConsoleUseRecord,
} from '@seal/shared/api/console'
import { ok } from '@seal/shared/api/envelope'
import { routeRoles } from '@seal/shared/api/operators'
import { sealStatusWide } from '@seal/shared/codes/seal-status'
import { eq } from 'drizzle-orm'
import { businessError, notFound } from '../errors.ts'
import { operatorOf } from '../plugins/caller.ts'
import { envelopeOf } from '../plugins/schemas.ts'
import { revokeSeal } from '../seals/make-seal.ts'
import { seals } from '../seals/tables.ts'
import { auditEventRows, searchAuditEvents } from './audit-events.ts'
import { attachment, csvStream, firstBatchFetched, keysetBatches, type CsvColumn } from './csv.ts'
import { dashboard } from './dashboard.ts'
import { searchSeals, sealDetail } from './seals.ts'
import { searchUseRecords, useRecordRows } from './use-records.ts'

/** How long one reading of the dashboard is answered (its `asOf` says when it was read). */
export const DASHBOARD_FRESH_MS = 30_000

const sealIdParams = z.object({ id: z.string().min(1).max(64) })
const time = (ms: number) =>
  new Date(ms).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })

/**
 * The console's reads (issue #22): seals (reviewers, auditors, administrators read; reviewers revoke), the
 * dashboard (who reads reviews), the audit log and use records with their CSV exports (auditors and
 * administrators).
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The dashboard's counts read every row of their period (measured in bench/console.bench.ts): one reading
  // serves every caller for DASHBOARD_FRESH_MS, and callers arriving while it runs wait for that one.
  let latest: { at: number; answer: Promise<DashboardAnswer> } | undefined
  const freshDashboard = () => {
    const now = app.trust.now().getTime()
    if (!latest || now - latest.at >= DASHBOARD_FRESH_MS) {
      const answer = dashboard(app.db, now)
      latest = { at: now, answer }
      answer.catch(() => (latest = undefined))
    }
    return latest.answer
  }
  const sealRead = { operatorRoles: routeRoles.sealRead }
  const auditRead = { operatorRoles: routeRoles.auditRead }

  app.get(
    '/admin/seals',
    {
      config: sealRead,
      schema: {
        tags: ['admin'],
        summary: '印章查询（单位、持有人、编码、状态；按制作时间倒序，游标分页）',
        querystring: sealSearchQuery,
        response: { 200: envelopeOf(sealSearchAnswer) },
      },
    },
    async (request) =>
      ok(await searchSeals(app.db, request.query, app.secrets.fileAccessKey, app.trust.now().getTime())),
  )

  app.get(
    '/admin/seals/:id',
    {
      config: sealRead,
      schema: {
        tags: ['admin'],
        summary: '印章详情：证书、授权、平台绑定、最近用章记录',
        params: sealIdParams,
        response: { 200: envelopeOf(consoleSealDetail) },
      },
    },
    async (request) =>
      ok(await sealDetail(app.db, request.params.id, app.secrets.fileAccessKey, app.trust.now().getTime())),
  )

  app.post(
    '/admin/seals/:id/revoke',
    {
      config: { operatorRoles: routeRoles.sealWrite },
      schema: {
        tags: ['admin'],
        summary: '注销印章（吊销证书并更新CRL，通知绑定平台，记入审计日志）',
        params: sealIdParams,
        body: consoleRevokeBody,
        response: { 200: envelopeOf(consoleRevokeAnswer) },
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const sealId = request.params.id
      const [seal] = await app.db
        .select({ status: seals.status })
        .from(seals)
        .where(eq(seals.id, sealId))
        .limit(1)
      if (!seal) throw notFound('印章不存在')
      if (seal.status === sealStatusWide.CANCELLED || seal.status === sealStatusWide.REVOKED)
        throw businessError(consoleMessages.sealAlreadyCancelled)
      const { revokedSerialNumbers } = await revokeSeal(app.trust, {
        sealId,
        reason: request.body.reason,
        operator: { id: operator.id, name: operator.name },
        ip: request.ip,
      })
      return ok({ sealId, revokedSerialNumbers }, '印章已注销')
    },
  )

  app.get(
    '/admin/dashboard',
    {
      config: { operatorRoles: routeRoles.reviewRead },
      schema: {
        tags: ['admin'],
        summary: '概览：申请状态、每日制章与用章、审核等待时间',
        response: { 200: envelopeOf(dashboardAnswer) },
      },
    },
    async () => ok(await freshDashboard()),
  )

  app.get(
    '/admin/audit/events',
    {
      config: auditRead,
      schema: {
        tags: ['admin'],
        summary: '审计日志查询（操作人、操作、对象、时间；倒序，游标分页）',
        querystring: auditEventQuery,
        response: { 200: envelopeOf(auditEventAnswer) },
      },
    },
    async (request) => ok(await searchAuditEvents(app.db, request.query)),
  )

  app.get(
    '/admin/audit/events/export',
    {
      config: auditRead,
      schema: {
        tags: ['admin'],
        summary: `导出审计日志（CSV，UTF-8 BOM，至多${CONSOLE_EXPORT_MAX_ROWS}条）`,
        querystring: auditEventQuery,
      },
    },
    async (request, reply) => {
      const query = request.query
      const batches = await firstBatchFetched(
        keysetBatches(
          (lastId, size) => auditEventRows(app.db, { ...query, lastId: lastId ?? query.lastId }, size),
          CONSOLE_EXPORT_MAX_ROWS,
        ),
      )
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('audit-events.csv', '审计日志.csv'))
        .send(
          csvStream({
            columns: auditColumns,
            batches,
            maxRows: CONSOLE_EXPORT_MAX_ROWS,
            cutNote: consoleMessages.exportCut(CONSOLE_EXPORT_MAX_ROWS),
          }),
        )
    },
  )

  app.get(
    '/admin/audit/use-records',
    {
      config: auditRead,
      schema: {
        tags: ['admin'],
        summary: '用章记录查询（印章、使用人、平台、时间；倒序，游标分页）',
        querystring: useRecordSearchQuery,
        response: { 200: envelopeOf(useRecordSearchAnswer) },
      },
    },
    async (request) => ok(await searchUseRecords(app.db, request.query)),
  )

  app.get(
    '/admin/audit/use-records/export',
    {
      config: auditRead,
      schema: {
        tags: ['admin'],
        summary: `导出用章记录（CSV，UTF-8 BOM，至多${CONSOLE_EXPORT_MAX_ROWS}条）`,
        querystring: useRecordSearchQuery,
      },
    },
    async (request, reply) => {
      const query = request.query
      const batches = await firstBatchFetched(
        keysetBatches(
          (lastId, size) => useRecordRows(app.db, { ...query, lastId: lastId ?? query.lastId }, size),
          CONSOLE_EXPORT_MAX_ROWS,
        ),
      )
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('use-records.csv', '用章记录.csv'))
        .send(
          csvStream({
            columns: useRecordColumns,
            batches,
            maxRows: CONSOLE_EXPORT_MAX_ROWS,
            cutNote: consoleMessages.exportCut(CONSOLE_EXPORT_MAX_ROWS),
          }),
        )
    },
  )
}

const auditColumns: CsvColumn<AuditEventItem>[] = [
  { title: '链序号', value: (row) => row.chainSeq },
  { title: '时间', value: (row) => time(row.createdAt) },
  { title: '操作', value: (row) => row.action },
  { title: '对象', value: (row) => row.target },
  { title: '操作员', value: (row) => row.operatorName },
  { title: '操作员ID', value: (row) => row.operatorId },
  { title: '用户', value: (row) => row.personName },
  { title: '账户ID', value: (row) => row.accountId },
  { title: 'IP', value: (row) => row.ip },
  {
    title: '详情',
    value: (row) => (row.detail === null || row.detail === undefined ? '' : JSON.stringify(row.detail)),
  },
  { title: '条目哈希', value: (row) => row.entryHash },
  { title: 'ID', value: (row) => row.id },
]

const useRecordColumns: CsvColumn<ConsoleUseRecord>[] = [
  { title: '链序号', value: (row) => row.chainSeq },
  { title: '时间', value: (row) => time(row.createdAt) },
  { title: '印章名称', value: (row) => row.sealName },
  { title: '印章编码', value: (row) => row.sealCode },
  { title: '印章ID', value: (row) => row.sealId },
  { title: '使用人', value: (row) => row.userName },
  { title: '文件名称', value: (row) => row.fileName },
  { title: '业务名称', value: (row) => row.businessName },
  { title: '平台', value: (row) => row.platformName },
  { title: '备注', value: (row) => row.remark },
  { title: '文件SHA-256', value: (row) => row.documentSha256 },
  { title: 'ID', value: (row) => row.id },
]
