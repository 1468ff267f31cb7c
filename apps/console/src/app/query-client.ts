import { QueryClient } from '@tanstack/react-query'
import { RequestError } from '../lib/request.ts'

/** One client for the console: a business refusal or a lost session is not retried, a network failure once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof RequestError && error.kind !== 'network') && count < 1,
      refetchOnWindowFocus: false,
    },
  },
})
