import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, ErrorBlock, NavBar, PullToRefresh, SearchBar, Tabs } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { messages } from '@seal/shared/messages'
import { Loaded } from '../../components/loaded.tsx'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { usePersonalSeals, useUnitSealGroups } from './api.ts'
import { ExpiryNotice } from './expiry-notice.tsx'
import { SealCard } from './seal-card.tsx'
import { UNAVAILABLE_MAX, UNAVAILABLE_PREVIEW, groupByStatus, initialTab, tabTitles, visibleTabs, type SealTab } from './seal-list-logic.ts'
import './my-seals.css'

/**
 * `/seal-preview-list/:type` 我的印章 (spec 000 §2): the 电子印章 tab (unit seals by unit, searchable by
 * unit name) and the 个人名章 tab, as the configuration allows; pull down to refresh. Coming back from a
 * detail returns to the same place (the app restores scrolling).
 */
export function SealListPage() {
  const navigate = useNavigate()
  const { type } = useParams()
  const { data: config } = useIdentityConfig()
  const { data: me } = useLoginInfo()
  const tabs = visibleTabs(config?.buttonShowFlog ?? 3)
  const [tab, setTab] = useState<SealTab | null>(null)
  // What each tab holds, so a first visit opens one with seals (the tabs' own lists share these queries).
  const personal = usePersonalSeals(me?.kind === 'personal' && tabs.includes('personal'))
  const unit = useUnitSealGroups('', tabs.includes('company'))
  const counts = { personal: me?.kind === 'personal' ? personal.data?.length : 0, company: unit.data?.reduce((sum, group) => sum + group.list.length, 0) }
  const active = tab ?? initialTab(type, tabs, counts)

  return (
    <div className="my-seals-page">
      <NavBar onBack={() => navigate(-1)}>我的印章</NavBar>
      {config && me && (
        <>
          <ExpiryNotice />
          {tabs.length > 1 && (
            <Tabs activeKey={active} onChange={(key) => setTab(key as SealTab)} className="my-seals-tabs">
              {tabs.map((key) => (
                <Tabs.Tab key={key} title={tabTitles[key]} />
              ))}
            </Tabs>
          )}
          {active === 'company' ? <UnitSeals /> : <PersonalSeals enabled={me.kind === 'personal'} />}
        </>
      )}
    </div>
  )
}

function UnitSeals() {
  const [search, setSearch] = useState('')
  const groups = useUnitSealGroups(search, true)
  return (
    <>
      <div className="my-seals-search">
        <SearchBar placeholder="请输入单位名称" onSearch={(value) => setSearch(value.trim())} onClear={() => setSearch('')} />
      </div>
      <PullToRefresh onRefresh={async () => void (await groups.refetch())}>
        <Loaded query={groups} isEmpty={(data) => data.length === 0} emptyTitle={messages.noAvailableSeal}>
          {(data) =>
            data.map((group) => (
              <section key={group.socialCreditCode ?? group.businessName} className="my-seals-unit">
                <h2>{group.businessName}</h2>
                <StatusGroups seals={group.list} tab="company" />
              </section>
            ))
          }
        </Loaded>
      </PullToRefresh>
    </>
  )
}

function PersonalSeals({ enabled }: { enabled: boolean }) {
  const seals = usePersonalSeals(enabled)
  if (!enabled) return <ErrorBlock status="empty" title={messages.noAvailableSeal} description="" />
  return (
    <PullToRefresh onRefresh={async () => void (await seals.refetch())}>
      <Loaded query={seals} isEmpty={(data) => data.length === 0} emptyTitle={messages.noAvailableSeal}>
        {(data) => <StatusGroups seals={data} tab="personal" />}
      </Loaded>
    </PullToRefresh>
  )
}

/** The status groups in order, then 以下章不可用 with one seal until 点击查看更多. */
function StatusGroups({ seals, tab }: { seals: SealItem[]; tab: SealTab }) {
  const [showAll, setShowAll] = useState(false)
  const { groups, unavailable } = groupByStatus(seals)
  const shownUnavailable = unavailable.slice(0, showAll ? UNAVAILABLE_MAX : UNAVAILABLE_PREVIEW)
  return (
    <>
      {groups.map((group) => (
        <div key={group.status} className="my-seals-group">
          <h3>{group.title}</h3>
          {group.seals.map((seal) => (
            <SealCard key={seal.id} seal={seal} tab={tab} />
          ))}
        </div>
      ))}
      {unavailable.length > 0 && (
        <div className="my-seals-group my-seals-unavailable">
          <h3>以下章不可用</h3>
          {shownUnavailable.map((seal) => (
            <SealCard key={seal.id} seal={seal} tab={tab} />
          ))}
          {!showAll && unavailable.length > UNAVAILABLE_PREVIEW && (
            <Button block fill="none" onClick={() => setShowAll(true)}>
              点击查看更多
            </Button>
          )}
        </div>
      )}
    </>
  )
}
