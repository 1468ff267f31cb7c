// npm run operator -- <command>: the operator accounts from the command line, for setting up the first
// administrator (docs/operating.md "Accounts and roles") and for getting back in when nobody can.
//   create   --username admin --name 张管理 --id-number 110101199003070011 [--roles admin,auditor]
//   reset-password --username admin      (a new initial password; sessions end)
//   reset-totp     --username admin      (enrol again at next login; sessions end)
// Each prints what the operator needs to log in once. With the embedded database (PGlite) stop the server
// first: its data folder has one user at a time.
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { createOperatorBody } from '@seal/shared/api/operators'
import { recordAudit } from './audit/record.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { createOperator, updateOperator } from './operators/accounts.ts'
import { operators } from './operators/tables.ts'

const [command, ...rest] = process.argv.slice(2)
const { values } = parseArgs({
  args: rest,
  options: { username: { type: 'string' }, name: { type: 'string' }, 'id-number': { type: 'string' }, roles: { type: 'string', default: 'admin' } },
})
const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
const cli = { id: 'cli', name: '命令行' }
try {
  if (command === 'create') {
    const fields = createOperatorBody.safeParse({ username: values.username, displayName: values.name, identityNo: values['id-number'], roles: values.roles?.split(',') })
    if (!fields.success) throw new Error(fields.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('；'))
    const { operator, initialPassword } = await createOperator(database.db, { ...fields.data, createdBy: cli.name })
    await recordAudit(database.db, { action: 'operator.created', target: operator.id, operator: cli, detail: { username: operator.username, roles: operator.roles } })
    console.log(`已创建运营人员 ${operator.username}（${operator.displayName}，${operator.roles.join('、')}）\n  初始密码：${initialPassword}\n  登录 ${config.publicUrl}/console 后修改密码并绑定动态验证码`)
  } else if (command === 'reset-password' || command === 'reset-totp') {
    const [row] = await database.db.select().from(operators).where(sql`lower(${operators.username}) = lower(${values.username ?? ''})`)
    if (!row) throw new Error(`没有用户名为 ${values.username} 的运营人员`)
    const { initialPassword } = await updateOperator(database.db, row.id, command === 'reset-password' ? { resetPassword: true } : { resetTotp: true })
    await recordAudit(database.db, { action: 'operator.updated', target: row.id, operator: cli, detail: { [command]: true } })
    console.log(initialPassword ? `${row.username} 的新初始密码：${initialPassword}` : `${row.username} 的动态验证码已重置，下次登录时重新绑定`)
  } else {
    console.log('用法：npm run operator -- create --username <用户名> --name <姓名> --id-number <身份证号> [--roles admin,auditor]\n      npm run operator -- reset-password|reset-totp --username <用户名>')
    process.exitCode = 2
  }
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
} finally {
  await database.close()
}
