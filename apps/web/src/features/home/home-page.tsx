import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { NavBar, NoticeBar } from 'antd-mobile'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { clearJourneyCache } from '../../lib/session/session.ts'
import { currentChannel } from '../../lib/host/channel.ts'
import { host } from '../../lib/host/bridge.ts'
import { LogoutButton } from './logout-button.tsx'
import { PendingSignNotice } from './pending-sign-notice.tsx'
import { useUsableSeals } from '../seal-use/api.ts'
import { homeCards, homeMessages, homeShortcuts } from './home-cards.ts'
import { useWaitingAuthorisations } from './api/waiting-authorisations.ts'
import { WaitingNotice } from './waiting-notice.tsx'
import { HomeBanner } from './home-banner.tsx'
import './home-page.css'

/**
 * Home `/home` (spec 000 §1–2, 002 §2): the operator's banner, the cards this login and configuration
 * allow, the support line, and the operation manual for the channels configured to show it. Start-up (the gate around it) has
 * already read the launch parameters and checked the identity.
 */
export function HomePage() {
  const navigate = useNavigate()
  const { data: me } = useLoginInfo()
  const { data: config } = useIdentityConfig()
  const usable = useUsableSeals(me)
  const waiting = useWaitingAuthorisations(me).data ?? []

  // A new journey starts here: what earlier flows cached in the session is dropped.
  useEffect(() => clearJourneyCache(), [])

  if (!me || !config) return null
  const cards = homeCards(config, me)
  const showManual = config.operationManual.channels.includes(currentChannel())

  return (
    <div className="home-page">
      <NavBar onBack={() => host.leaveHome()} right={<LogoutButton />}>
        电子印章
      </NavBar>
      <header className="home-hero">
        <div>
          <h1>电子印章</h1>
          <p>
            {me.kind === 'enterprise' ? me.companyName : me.personName}，您好
          </p>
        </div>
        <div className="home-hero-seal" aria-hidden>
          印
        </div>
      </header>
      <HomeBanner />
      {!me.verified && <NoticeBar className="home-unverified" color="alert" wrap content={homeMessages.unverified} />}
      {me.kind === 'enterprise' && <PendingSignNotice />}
      <WaitingNotice waiting={waiting} />
      <nav className="home-shortcuts" aria-label="用章与验章">
        {homeShortcuts(usable.data?.length ?? 0).map((shortcut) => (
          <button key={shortcut.key} type="button" className={`home-shortcut home-shortcut-${shortcut.key}`} onClick={() => navigate(shortcut.to)}>
            <strong>{shortcut.title}</strong>
            <small>{shortcut.description}</small>
          </button>
        ))}
      </nav>
      <main className="home-cards">
        {cards.map((card) => (
          <section key={card.key} className={`home-card home-card-${card.key}`}>
            <button type="button" className="home-card-main" onClick={() => navigate(card.to)}>
              <span className="home-card-mark" aria-hidden>
                {card.mark}
              </span>
              <span className="home-card-text">
                <strong>{card.title}</strong>
                <small>{card.description}</small>
              </span>
              {card.key === 'agency' && waiting.length > 0 && (
                <span className="home-card-badge">
                  {waiting.length}
                </span>
              )}
              <span className="home-card-arrow" aria-hidden>
                ›
              </span>
            </button>
            {card.key === 'apply' && (
              <Link className="home-card-record" to="/seal-apply/record-list">
                申请记录
              </Link>
            )}
          </section>
        ))}
      </main>
      <footer className="home-footer">
        {showManual && (
          <Link to="/applyPdf" className="home-manual">
            操作手册
          </Link>
        )}
        <p>
          技术支持：<a href={`tel:${config.supportPhone}`}>{config.supportPhone}</a>
        </p>
        <p>{config.supportHours}</p>
      </footer>
    </div>
  )
}
