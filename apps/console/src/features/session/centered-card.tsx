import type { ReactNode } from 'react'

/** The screens before the console (login, enrolment): one card in the middle of the page. */
export function CenteredCard({ children, width = 420 }: { children: ReactNode; width?: number }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(180deg, #e6f4ff 0%, #f5f5f5 60%)',
      }}
    >
      <div style={{ width, maxWidth: '100%', padding: 16 }}>{children}</div>
    </main>
  )
}
