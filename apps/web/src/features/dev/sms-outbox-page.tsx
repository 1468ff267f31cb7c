import { useQuery } from '@tanstack/react-query'
import { DotLoading, Empty, List, NavBar, PullToRefresh } from 'antd-mobile'
import { useNavigate } from 'react-router-dom'
import { BEIJING_TIME, beijingSecond } from '@seal/shared/text/beijing-time'
import { get } from '../../lib/request/request.ts'

type OutboxMessage = { phone: string; text: string; createdAt: number }

/** `/dev/sms`: the sandbox SMS provider's outbox, so codes can be read without a phone (DESIGN "providers"). */
export function SmsOutboxPage() {
  const navigate = useNavigate()
  const outbox = useQuery({ queryKey: ['dev', 'sms-outbox'], queryFn: () => get<OutboxMessage[]>('/dev/sms-outbox'), refetchInterval: 5000, staleTime: 0 })

  return (
    <div>
      <NavBar onBack={() => navigate(-1)}>沙箱短信发件箱</NavBar>
      <PullToRefresh onRefresh={async () => void (await outbox.refetch())}>
        {outbox.isPending && (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        )}
        {outbox.data?.length === 0 && <Empty description="暂无短信" />}
        {outbox.data && outbox.data.length > 0 && (
          <List header="最近 50 条（每 5 秒刷新）">
            {outbox.data.map((message) => (
              <List.Item key={`${message.phone}-${message.createdAt}`} description={`${beijingSecond(message.createdAt)}（${BEIJING_TIME}）`} extra={message.phone}>
                {message.text}
              </List.Item>
            ))}
          </List>
        )}
      </PullToRefresh>
    </div>
  )
}
