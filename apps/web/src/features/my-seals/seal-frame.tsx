import type { ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Button, DotLoading, ErrorBlock, NavBar } from 'antd-mobile'
import type { SealItem } from '@seal/shared/api/seals'
import { sealTypeCode } from '@seal/shared/codes/seal-type'
import { messages } from '@seal/shared/messages'
import { useSealDetail } from './api.ts'
import { SealPicture } from './seal-picture.tsx'
import './my-seals.css'

/** The seal detail route of a seal, where the password screens return to. */
export const sealDetailPath = (seal: SealItem) => `/seal-preview/${seal.sealTypeCode === sealTypeCode.PERSONAL_NAME ? 'personal' : 'company'}/${seal.id}`

/** The seal a screen is about when its route carries it as `?sealId=` (the spec's routes carry only a key or a type). */
export function useSealIdParam(): string | undefined {
  return useSearchParams()[0].get('sealId') ?? undefined
}

/**
 * The frame of a screen about one seal (password, use records): title bar, the seal with its picture and
 * name, and the screen once the seal is loaded; a seal the caller may not see reads as not available.
 */
export function SealFrame({
  title,
  sealId,
  right,
  children,
}: {
  title: string
  sealId: string | undefined
  /** The title bar's right side (a search link). */
  right?: ReactNode
  children: (seal: SealItem) => ReactNode
}) {
  const navigate = useNavigate()
  const detail = useSealDetail(sealId)
  const seal = detail.data

  return (
    <div className="my-seals-page">
      <NavBar onBack={() => navigate(-1)} right={right}>
        {title}
      </NavBar>
      {detail.isPending && sealId && (
        <div className="page-loading">
          <DotLoading color="primary" />
          <span>加载中</span>
        </div>
      )}
      {(!sealId || detail.isError) && (
        <ErrorBlock status="empty" title={messages.noAvailableSeal} description="">
          <Button color="primary" onClick={() => navigate('/seal-preview-list/personal', { replace: true })}>
            查看我的印章
          </Button>
        </ErrorBlock>
      )}
      {seal && (
        <>
          <section className="seal-frame-seal">
            <SealPicture seal={seal} />
            <div>
              <h2>{seal.sealName}</h2>
              <p>印章编码：{seal.sealCode}</p>
            </div>
          </section>
          {children(seal)}
        </>
      )}
    </div>
  )
}
