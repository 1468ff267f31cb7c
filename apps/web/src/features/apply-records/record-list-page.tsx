import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, NavBar, Tabs } from 'antd-mobile'
import { applyRecordTab } from '@seal/shared/codes/business-type'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { recordFooterButtons, recordLinks } from './record-links.ts'
import { RecordList } from './record-list.tsx'
import { readRecordTab, recordTabApplyType, storeRecordTab, type RecordTab } from './record-tab.ts'
import './apply-records.css'

const tabs: { tab: RecordTab; title: string }[] = [
  { tab: applyRecordTab.LEGAL_PERSON, title: '本人申请' },
  { tab: applyRecordTab.OPERATOR, title: '经办人申请' },
]

/**
 * `/seal-apply/record-list` 申请记录表 (spec 001 §2 "Records", §4, §9): the caller's applications as legal
 * representative (本人申请) and as operator (经办人申请), the tab kept in storage; each record with the
 * actions its status allows; the apply buttons the configuration shows.
 */
export function ApplyRecordListPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const [tab, setTab] = useState<RecordTab>(readRecordTab)
  const { data: config } = useIdentityConfig()

  const choose = (key: string) => {
    const next = Number(key) === applyRecordTab.OPERATOR ? applyRecordTab.OPERATOR : applyRecordTab.LEGAL_PERSON
    storeRecordTab(next)
    setTab(next)
  }
  const buttons = config ? recordFooterButtons(config.recordButtons) : []

  return (
    <div className="apply-records-page">
      <div className="apply-records-top">
        <NavBar onBack={() => (location.key === 'default' ? navigate(recordLinks.home) : navigate(-1))}>申请记录表</NavBar>
        <Tabs activeKey={String(tab)} onChange={choose}>
          {tabs.map((item) => (
            <Tabs.Tab key={String(item.tab)} title={item.title} />
          ))}
        </Tabs>
      </div>
      <main className="apply-records-list">
        {/* One list at a time, keyed by tab: switching starts at the top of the other list. */}
        <RecordList key={tab} applyType={recordTabApplyType[tab]} />
      </main>
      {buttons.length > 0 && (
        <footer className="apply-records-footer">
          {buttons.map((button) => (
            <Button key={button.key} block color="primary" fill={button.key === 'personal' && buttons.length > 1 ? 'outline' : 'solid'} onClick={() => navigate(button.to)}>
              {button.text}
            </Button>
          ))}
        </footer>
      )}
    </div>
  )
}
