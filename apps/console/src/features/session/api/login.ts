import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { operatorLoginBody, operatorSessionAnswer } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'
import { setToken } from '../../../lib/session.ts'
import { queryClient } from '../../../app/query-client.ts'
import { meKey } from './me.ts'

export type LoginBody = z.input<typeof operatorLoginBody>
export type SessionAnswer = z.infer<typeof operatorSessionAnswer>

/** POST /admin/session: username and password, and the TOTP code once it is enrolled. */
export async function login(body: LoginBody): Promise<SessionAnswer> {
  const answer = await api<SessionAnswer>('POST', '/admin/session', { body, anonymous: true })
  setToken(answer.token)
  const { operator } = answer
  queryClient.setQueryData(meKey, {
    kind: 'operator',
    id: operator.id,
    name: operator.displayName,
    roles: operator.roles,
    stage: answer.stage,
    mustChangePassword: answer.mustChangePassword,
  })
  return answer
}

export const useLogin = () => useMutation({ mutationFn: login })
