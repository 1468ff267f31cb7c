import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { Button, NavBar } from 'antd-mobile'
import type { AuthorisedPerson } from '@seal/shared/api/seal-auth'
import type { SealItem } from '@seal/shared/api/seals'
import { authStatus } from '@seal/shared/codes/authorization'
import { sealStatus } from '@seal/shared/codes/seal-status'
import { messages } from '@seal/shared/messages'
import { Loaded } from '../../components/loaded.tsx'
import { confirmDialog } from '../../lib/dialog/confirm-dialog.ts'
import { RequestError } from '../../lib/request/request.ts'
import { showToast } from '../../lib/toast/show-toast.ts'
import { useSealDetail } from '../my-seals/api.ts'
import { removeAuthorisedPerson, sealAuthListsKey, useAuthorisedPersons } from './api.ts'
import {
  authUseTypeLabel,
  authorizationUseTypeLabel,
  editAuthorisedPersonTarget,
  newAuthorisedPersonTarget,
  periodText,
  removalRefusal,
  routeType,
  showsRowLinks,
} from './list-logic.ts'
import './seal-auth-lists.css'

export const NO_AUTHORISED_PERSONS = '暂无授权人员'

/**
 * `/seal-person-list/:type/:sealId` 授权人员 (spec 000 §2, §5, §7): who may use the seal — the legal person
 * (or the personal seal's holder) first, then the authorisations waiting or in force, one page of 30 — with
 * name, masked ID and phone, period, use method and what was granted. 解除授权 and 编辑 show where the viewer
 * may act (never on the legal person's row; a manager not on a manager's); 新增授权人 starts a grant of this
 * seal.
 */
export function SealPersonListPage() {
  const navigate = useNavigate()
  const params = useParams()
  const type = routeType(params.type)
  const detail = useSealDetail(params.sealId)
  const seal = detail.data
  const persons = useAuthorisedPersons(seal)
  const remove = useRemovePerson(seal, type)

  const addPerson = () => {
    if (!seal) {
      showToast({ content: messages.noSealInfo })
      return
    }
    navigate(newAuthorisedPersonTarget(seal))
  }
  // Before the seal has loaded, its failure is the page's; then the list's.
  const query = detail.isError ? { data: undefined, isPending: false, isError: true, refetch: detail.refetch } : { ...persons, isPending: persons.isPending || detail.isPending }

  return (
    <div className="auth-lists-page">
      <div className="auth-lists-top">
        <NavBar onBack={() => navigate(-1)}>授权人员</NavBar>
      </div>
      <main className="auth-lists-main">
        {seal && (
          <p className="auth-lists-note">
            {seal.sealName}
            {seal.businessName && seal.businessName !== seal.sealName ? ` · ${seal.businessName}` : ''}
          </p>
        )}
        <Loaded query={query} isEmpty={(answer) => answer.list.length === 0} emptyTitle={NO_AUTHORISED_PERSONS}>
          {(answer) =>
            answer.list.map((person) => (
              <PersonCard
                key={person.id}
                person={person}
                holderTitle={type === 'personal' ? '持有人' : '法定代表人'}
                links={seal !== undefined && showsRowLinks(person, { type, role: seal.role })}
                busy={remove.busy === person.id}
                onRemove={() => void remove.run(person)}
                onEdit={() => navigate(editAuthorisedPersonTarget(person))}
              />
            ))
          }
        </Loaded>
      </main>
      {(!seal || seal.status === sealStatus.IN_EFFECT) && (
        <footer className="auth-lists-footer">
          <Button block color="primary" size="large" disabled={detail.isPending} onClick={addPerson}>
            新增授权人
          </Button>
        </footer>
      )}
    </div>
  )
}

/**
 * 解除授权: the refusals of 000 §5 first (the legal person's row, a manager's for a manager), then a
 * confirmation, POST /sealAuth/cancelAuth {authId}, 解除授权成功 and the list again.
 */
function useRemovePerson(seal: SealItem | undefined, type: 'company' | 'personal') {
  const client = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const run = async (person: AuthorisedPerson) => {
    if (!seal) return
    const refusal = removalRefusal(person, { type, role: seal.role })
    if (refusal) {
      showToast({ content: refusal })
      return
    }
    const confirmed = await confirmDialog({ title: '解除授权', content: `确定解除${person.name}对该印章的授权吗？解除后其将无法使用该印章。` })
    if (!confirmed) return
    setBusy(person.id)
    try {
      await removeAuthorisedPerson(person.id)
      showToast({ content: messages.authorizationRemoved, icon: 'success' })
      await client.invalidateQueries({ queryKey: sealAuthListsKey })
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
    } finally {
      setBusy(null)
    }
  }
  return { run, busy }
}

function PersonCard({ person, holderTitle, links, busy, onRemove, onEdit }: { person: AuthorisedPerson; holderTitle: string; links: boolean; busy: boolean; onRemove: () => void; onEdit: () => void }) {
  return (
    <article className="auth-card" aria-label={person.name}>
      <div className="auth-card-open">
        <header>
          <strong>{person.name}</strong>
          <span className="auth-status" data-status={person.lawPersonFlag === 1 ? 'legal' : person.authStatus}>
            {person.lawPersonFlag === 1 ? holderTitle : person.authStatus === authStatus.AUTHORIZING ? '待确认' : '已授权'}
          </span>
        </header>
        <dl>
          <div>
            <dt>身份证号</dt>
            <dd>{person.personIdentity}</dd>
          </div>
          <div>
            <dt>手机号</dt>
            <dd>{person.phone || '—'}</dd>
          </div>
          <div>
            <dt>授权期限</dt>
            <dd>{periodText(person.startTime, person.endTime)}</dd>
          </div>
          <div>
            <dt>用章方式</dt>
            <dd>{authorizationUseTypeLabel(person.useType)}</dd>
          </div>
          <div>
            <dt>授权事项</dt>
            <dd>{authUseTypeLabel(person.authUseType)}</dd>
          </div>
        </dl>
      </div>
      {links && (
        <div className="auth-card-actions">
          <Button size="small" fill="outline" onClick={onEdit}>
            编辑
          </Button>
          <Button size="small" color="danger" fill="outline" loading={busy} onClick={onRemove}>
            解除授权
          </Button>
        </div>
      )}
    </article>
  )
}
