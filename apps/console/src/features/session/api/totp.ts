import { useMutation, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { totpEnrolment } from '@seal/shared/api/operators'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { meKey, type OperatorMe } from './me.ts'

export type TotpEnrolment = z.infer<typeof totpEnrolment>

/** GET /admin/session/totp: the secret to scan, as a QR code (SVG), a URI and the text for typing in. */
export const useTotpEnrolment = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'session', 'totp'],
    queryFn: () => api<TotpEnrolment>('GET', '/admin/session/totp'),
    enabled,
    staleTime: Infinity,
    retry: false,
  })

/** POST /admin/session/totp: the first code from the app proves the enrolment; the session becomes full. */
export const useConfirmTotp = () =>
  useMutation({
    mutationFn: (code: string) => api<OperatorMe>('POST', '/admin/session/totp', { body: { code } }),
    onSuccess: (me) => {
      if (me && typeof me === 'object' && 'stage' in me) queryClient.setQueryData(meKey, me)
      return queryClient.invalidateQueries({ queryKey: meKey })
    },
  })
