import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { updateOperatorAnswer, updateOperatorBody } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { operatorsKey } from './list-operators.ts'

export type UpdateOperatorBody = z.input<typeof updateOperatorBody>
export type UpdateOperatorAnswer = z.infer<typeof updateOperatorAnswer>

/** PATCH /admin/operators/:id: name, roles, disable or enable, reset TOTP, or a new initial password (answered once). */
export const useUpdateOperator = () =>
  useMutation({
    mutationFn: ({ id, ...body }: UpdateOperatorBody & { id: string }) =>
      api<UpdateOperatorAnswer>('PATCH', `/admin/operators/${encodeURIComponent(id)}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  })
