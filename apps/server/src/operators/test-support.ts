import type { OperatorRole } from '@seal/shared/api/operators'
import type { TestApp } from '../test/harness.ts'
import { currentCode } from './totp.ts'

export type TestOperator = { id: string; username: string; password: string; totpSecret: string; token: string }

let counter = 0

/**
 * An operator as an administrator creates one and as the person then sets up the account, through the API:
 * created with the start-up key, first login with the initial password, a password of their own, TOTP
 * enrolled with the code of the current step. Answers a full session's token and what logs in again.
 */
export async function enrolledOperator(t: TestApp, roles: OperatorRole[], fields: { identityNo?: string; displayName?: string } = {}): Promise<TestOperator> {
  counter += 1
  const username = `op${counter}${Date.now().toString(36)}`
  const created = await t.call({
    url: '/api/admin/operators',
    token: t.secrets.adminToken,
    body: { username, displayName: fields.displayName ?? `运营${counter}`, identityNo: fields.identityNo ?? '110101199003070011', roles },
  })
  if (created.body.resultStatus !== '00') throw new Error(created.body.responseInfo)
  const first = await t.call({ url: '/api/admin/session', body: { username, password: created.body.data.initialPassword } })
  const enrolToken = first.body.data.token as string
  const password = 'Operator#2026x'
  await t.call({ url: '/api/admin/session/password', token: enrolToken, body: { oldPassword: created.body.data.initialPassword, newPassword: password } })
  const offer = await t.call({ method: 'GET', url: '/api/admin/session/totp', token: enrolToken })
  const totpSecret = offer.body.data.secret as string
  const confirmed = await t.call({ url: '/api/admin/session/totp', token: enrolToken, body: { code: currentCode(totpSecret) } })
  if (confirmed.body.data?.stage !== 'full') throw new Error(confirmed.body.responseInfo)
  return { id: created.body.data.operator.id, username, password, totpSecret, token: enrolToken }
}

/** The code of the next step: a code of the step just used would be refused as a replay. */
export const nextCode = (secret: string, steps = 1) => currentCode(secret, Date.now() + steps * 30_000)
