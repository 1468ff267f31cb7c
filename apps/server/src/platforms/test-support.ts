import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { TestApp } from '../test/harness.ts'

/** Test support for platforms: registered and managed through the operator API. */

export type RegisteredPlatform = { id: string; clientId: string; clientSecret: string; clientName: string }

let registered = 0

/** Registers a platform through POST /api/admin/platforms; answers its id and credentials. */
export async function registerTestPlatform(t: TestApp, fields: Record<string, unknown> = {}): Promise<RegisteredPlatform> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/platforms',
    headers: { authorization: `Bearer ${t.secrets.adminToken}` },
    payload: { clientName: `测试对接平台${++registered}-${randomBytes(3).toString('hex')}`, platformType: '9', ...fields },
  })
  const body = response.json()
  expect(body.resultStatus, body.responseInfo).toBe('00')
  return { id: body.data.platform.id, clientId: body.data.platform.clientId, clientSecret: body.data.clientSecret, clientName: body.data.platform.clientName }
}

/** An operator API call with the admin token; answers the envelope. */
export async function adminCall(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${t.secrets.adminToken}` }, payload: payload as object })
  return response.json()
}
