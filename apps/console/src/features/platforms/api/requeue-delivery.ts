import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/request.ts'
import { queryClient } from '../../../app/query-client.ts'
import { deliveriesKey } from './list-deliveries.ts'

/** POST /admin/webhook-deliveries/:deliveryId/requeue: a failed delivery is sent again. */
export const useRequeueDelivery = (platformId: string) =>
  useMutation({
    mutationFn: (deliveryId: string) =>
      api<null>('POST', `/admin/webhook-deliveries/${encodeURIComponent(deliveryId)}/requeue`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(platformId) }),
  })
