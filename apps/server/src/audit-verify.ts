// npm run audit:verify — verifies the audit log's and the use records' hash chains and their signed heads,
// printing the first broken entry of each. Exit code 0 when both hold, 1 when one does not.
// With the embedded database (PGlite) stop the server first: its data folder has one user at a time.
import { verifyAuditTrail } from './audit-trail.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'

const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  const report = await verifyAuditTrail(database.db)
  for (const chain of report.chains) {
    const name = chain.chain === 'audit' ? '审计日志' : '用章记录'
    const status = chain.firstBreak ? `断在第 ${chain.firstBreak.chainSeq} 条${chain.firstBreak.id ? `（${chain.firstBreak.id}）` : ''}：${chain.firstBreak.reason}` : '完好'
    console.log(`${name}：${chain.entries} 条已链接，${chain.unlinked} 条待链接；链 ${status}`)
    console.log(`  已签名链头 ${chain.heads} 个：${chain.firstBadHead ? `第 ${chain.firstBadHead.chainSeq} 条处的链头不成立：${chain.firstBadHead.reason}` : '全部成立'}`)
  }
  console.log(report.ok ? '校验通过' : '校验未通过')
  process.exitCode = report.ok ? 0 : 1
} finally {
  await database.close()
}
