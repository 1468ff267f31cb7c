import type { ReactNode } from 'react'
import { ErrorBlock } from 'antd-mobile'

/** The picture and words of a start-up stop; its own chunk, since ErrorBlock carries large pictures. */
export default function StartupNoticeBlock({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <ErrorBlock status="disconnected" fullPage title={title} description={description}>
      {action}
    </ErrorBlock>
  )
}
