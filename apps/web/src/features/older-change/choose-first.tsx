import { useNavigate } from 'react-router-dom'
import { NavBar } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { olderChangeRoutes } from './routes.ts'
import { SealChooser } from './seal-chooser.tsx'
import './older-change.css'

/** A first step opened without its seal (no `sealId`): the seals the person holds, to choose from. */
export function ChooseSealFirst({ purpose, title }: { purpose: 'change' | 'renewal'; title: string }) {
  const navigate = useNavigate()
  return (
    <div className="older-page">
      <NavBar onBack={() => navigate(-1)}>{title}</NavBar>
      <SealChooser
        purpose={purpose}
        emptyTitle={purpose === 'change' ? messages.noChangeableSeals : messages.noRenewableSeals}
        onChoose={(seal) => navigate(purpose === 'change' ? olderChangeRoutes.changeStep1({ sealId: seal.id }) : olderChangeRoutes.renewalStep1({ sealId: seal.id }), { replace: true })}
      />
    </div>
  )
}
