import { lazy, Suspense, type ReactNode } from 'react'

// antd-mobile's ErrorBlock inlines its pictures (about 37 KB); only a page that stops needs them.
const StartupNoticeBlock = lazy(() => import('./startup-notice-block.tsx'))

/** A whole-page stop at start-up: the entry is closed, the identity is missing, or the service is down. */
export function StartupNotice(props: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="startup-notice">
      <Suspense fallback={<p>{props.title}</p>}>
        <StartupNoticeBlock {...props} />
      </Suspense>
    </div>
  )
}
