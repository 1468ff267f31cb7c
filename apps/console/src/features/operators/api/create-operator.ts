import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { createOperatorAnswer, createOperatorBody } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { operatorsKey } from './list-operators.ts'

export type CreateOperatorBody = z.input<typeof createOperatorBody>
export type CreateOperatorAnswer = z.infer<typeof createOperatorAnswer>

/** POST /admin/operators: a new account; its initial password is answered here once. */
export const useCreateOperator = () =>
  useMutation({
    mutationFn: (body: CreateOperatorBody) => api<CreateOperatorAnswer>('POST', '/admin/operators', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  })
