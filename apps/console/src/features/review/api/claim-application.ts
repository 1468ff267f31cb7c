import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { claimAnswer, releaseAnswer } from '@seal/shared/api/unit-apply-admin'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { applicationsKey } from './list-applications.ts'

/**
 * POST /admin/applications/:id/claim (领取, 15 minutes, again to renew) and DELETE (放弃). A live claim of
 * another reviewer is refused with 该申请正由X审核中，请选择其他申请.
 */
export const useClaimApplication = () =>
  useMutation({
    mutationFn: async ({
      id,
      release,
    }: {
      id: string
      release?: boolean
    }): Promise<z.infer<typeof claimAnswer> | z.infer<typeof releaseAnswer>> =>
      release
        ? api<z.infer<typeof releaseAnswer>>('DELETE', `/admin/applications/${encodeURIComponent(id)}/claim`)
        : api<z.infer<typeof claimAnswer>>('POST', `/admin/applications/${encodeURIComponent(id)}/claim`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationsKey }),
  })
