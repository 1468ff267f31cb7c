import { QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import type { ReactNode } from 'react'
import { RouterProvider } from 'react-router-dom'
import { queryClient } from './query-client.ts'
import { createConsoleRouter } from './router.tsx'

/** antd in Chinese, its App context (message, modal, notification) and the query client. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  )
}

const router = createConsoleRouter()

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  )
}
