import type { ReactNode } from 'react'
import { ErrorBlock } from 'antd-mobile'

/** A whole-page stop at start-up: the entry is closed, the identity is missing, or the service is down. */
export function StartupNotice({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="startup-notice">
      <ErrorBlock status="disconnected" fullPage title={title} description={description}>
        {action}
      </ErrorBlock>
    </div>
  )
}
