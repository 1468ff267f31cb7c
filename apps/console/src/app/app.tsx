import { QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider } from 'antd'
import zhCN from 'antd/es/locale/zh_CN'
import type { ReactNode } from 'react'
import { RouterProvider } from 'react-router-dom'
import { queryClient } from './query-client.ts'
import { createConsoleRouter } from './router.tsx'

/**
 * antd in Chinese (buttons keep their labels as written: 登录, not 登 录, so people and tests find them by
 * what they read) and the query client. antd's App context (message, modal, notification) is given by the
 * screens that use it (the layout, the enrolment), so the login screen and the entry chunk go without it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      // antd's blue-7: white text on antd's default #1677ff is 4.1:1, under the 4.5:1 that normal-size text
      // needs (Lighthouse's colour-contrast audit flagged 登录); on #0958d9 it is 6.2:1.
      theme={{ token: { colorPrimary: '#0958d9' } }}
      button={{ autoInsertSpace: false }}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
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
