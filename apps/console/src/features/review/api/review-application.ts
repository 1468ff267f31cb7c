import { useMutation } from '@tanstack/react-query'
import type { ReviewAnswer, ReviewBody } from '@seal/shared/api/unit-apply-admin'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { applicationsKey } from './list-applications.ts'

export type ReviewInput = { id: string } & Pick<ReviewBody, 'decisions'> & { note?: string }

/** POST /admin/applications/:id/review: a decision per seal (a rejection with the reason the applicant reads). */
export const useReviewApplication = () =>
  useMutation({
    mutationFn: ({ id, ...body }: ReviewInput) =>
      api<ReviewAnswer>('POST', `/admin/applications/${encodeURIComponent(id)}/review`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsKey }),
  })
