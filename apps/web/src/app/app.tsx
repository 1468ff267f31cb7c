import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import { ConfigProvider } from 'antd-mobile'
import { NavBackIcon } from '../components/nav-back/nav-back.tsx'
import { router } from './router.tsx'

const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already shows failures; a failed call is retried by the user, not silently.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
})

export function App() {
  return (
    <ConfigProvider navBar={{ backIcon: <NavBackIcon /> }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  )
}
