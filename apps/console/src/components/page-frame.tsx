import type { ReactNode } from 'react'

/**
 * A page's title, its one-line description and its body, spaced as the pro components' PageContainer
 * spaces them, for a screen that loads no pro components (the review queue, where reviewers land: issue #22's
 * first-load budget).
 */
export function PageFrame({
  title,
  content,
  children,
}: {
  title: string
  content?: ReactNode
  children: ReactNode
}) {
  return (
    <div>
      <header style={{ padding: '16px 40px' }}>
        <h1
          style={{
            margin: 0,
            fontSize: 20,
            fontWeight: 600,
            lineHeight: '32px',
            color: 'rgba(0, 0, 0, 0.88)',
          }}
        >
          {title}
        </h1>
        {content && <div style={{ paddingTop: 12, color: 'rgba(0, 0, 0, 0.88)' }}>{content}</div>}
      </header>
      <div style={{ padding: '0 40px 32px' }}>{children}</div>
    </div>
  )
}
