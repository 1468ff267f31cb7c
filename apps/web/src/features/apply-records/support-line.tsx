import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'

/** 客服电话 {phone}（工作日 9:00-12:00，14:00-18:00）on result screens (spec 001 §1, §8), from the configuration. */
export function SupportLine() {
  const { data: config } = useIdentityConfig()
  if (!config) return null
  return (
    <p className="apply-support-line">
      客服电话 <a href={`tel:${config.supportPhone}`}>{config.supportPhone}</a>（{config.supportHours}）
    </p>
  )
}
