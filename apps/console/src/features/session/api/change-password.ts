import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { changePasswordBody } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { meKey } from './me.ts'

export type ChangePasswordBody = z.infer<typeof changePasswordBody>

/** POST /admin/session/password: the initial password at first login, or any time after. */
export const changePassword = (body: ChangePasswordBody) =>
  api<unknown>('POST', '/admin/session/password', { body })

export const useChangePassword = () =>
  useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  })
