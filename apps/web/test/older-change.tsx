/**
 * Test support for the older change and renewal pages: the new wizard's fake network (unit-apply-wizard.tsx,
 * the boundary is `fetch`) with what these pages ask besides, and the pages in a router where every other
 * route shows where it went.
 */
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom'
import type { LoginInfo } from '@seal/shared/api/auth'
import type { SealMakeRecord } from '@seal/shared/api/older-change'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { ChangeIntroPage } from '../src/features/older-change/change/intro-page.tsx'
import { ChangeStep1Page } from '../src/features/older-change/change/step1-page.tsx'
import { ChangeStep2Page } from '../src/features/older-change/change/step2-page.tsx'
import { ChangeStep31Page } from '../src/features/older-change/change/step3-1-page.tsx'
import { ChangeStep3Page } from '../src/features/older-change/change/step3-page.tsx'
import { ChangeStep4Page } from '../src/features/older-change/change/step4-page.tsx'
import { RenewalStep1Page } from '../src/features/older-change/renewal/step1-page.tsx'
import { RenewalStep2Page } from '../src/features/older-change/renewal/step2-page.tsx'
import { RenewalStep3Page } from '../src/features/older-change/renewal/step3-page.tsx'
import { sealItem } from './seal-item.ts'
import { CREDIT_CODE, defaultRoutes, draftDetail, LEGAL_ID, operatorLogin, type Call } from './unit-apply-wizard.tsx'

/** The unit's legal representative on record, logged in (the older pages serve him). */
export const holder: LoginInfo = { ...operatorLogin, personName: '李四', personCard: LEGAL_ID, phone: '13900139000' }

/** The seal the pages are opened for: the unit's official seal in effect, held by him. */
export const officialSeal = sealItem({ id: 'seal-01', sealName: '北京某某科技有限公司', sealTypeCode: '01', sealCode: 'C-01', businessName: '北京某某科技有限公司', socialCreditCode: CREDIT_CODE })
export const contractSeal = sealItem({ id: 'seal-04', sealName: '北京某某科技有限公司合同专用章', sealTypeCode: '04', sealCode: 'C-04', businessName: '北京某某科技有限公司', socialCreditCode: CREDIT_CODE })

/** A draft of the older pages (the new wizard's application) as GET /seal-apply/apply/detail answers it. */
export function olderDraft(businessType: 'CHANGE' | 'RENEWAL', patch: Partial<UnitApplicationDetail> = {}): UnitApplicationDetail {
  return draftDetail({
    businessType,
    applyType: 'LEGAL_APPLY',
    sealId: officialSeal.id,
    operatorRealName: '',
    operatorIdCardNo: '',
    operatorFrontFileId: '',
    operatorBackFileId: '',
    operatorTel: '',
    sealInfo: [
      { _id: 'item-01', sealId: officialSeal.id, sealCode: '', sealName: officialSeal.sealName, sealTypeCode: '01', sealTypeName: '单位公章', sealPic: '', originalFileId: '', errorCount: 0, manualReview: false },
      { _id: 'item-04', sealId: contractSeal.id, sealCode: '', sealName: contractSeal.sealName, sealTypeCode: '04', sealTypeName: '合同专用章', sealPic: '', originalFileId: '', errorCount: 0, manualReview: false },
    ],
    ...patch,
  })
}

export const record = (seal: typeof officialSeal, patch: Partial<SealMakeRecord> = {}): SealMakeRecord => ({
  sealId: seal.id,
  sealCode: seal.sealCode,
  sealName: seal.sealName,
  sealTypeCode: seal.sealTypeCode,
  sealTypeName: seal.sealTypeCode === '01' ? '单位公章' : '合同专用章',
  status: '1',
  useUnitName: seal.businessName,
  socialCreditCode: CREDIT_CODE,
  ...patch,
})

/** What every older page needs: the login, the seal, the unit's seals. */
export function olderRoutes(): Record<string, (call: Call) => unknown> {
  return {
    ...defaultRoutes(holder),
    'POST /seal-apply/seal/detail': () => officialSeal,
    'POST /seal/queryGroupByBusiness': () => [{ businessName: officialSeal.businessName, socialCreditCode: CREDIT_CODE, list: [officialSeal, contractSeal] }],
    'POST /seal/canRenewal': () => [officialSeal, contractSeal],
    'POST /seal/queryByPersonManage': () => [officialSeal, contractSeal],
    'POST /seal-apply/seal/queryCanApply': () => ({
      canApply: [
        { sealTypeCode: '01', sealTypeName: '单位公章', applied: true, required: false, shownByDefault: true },
        { sealTypeCode: '05', sealTypeName: '法定代表人名章', applied: false, required: false, shownByDefault: true },
        { sealTypeCode: '04', sealTypeName: '合同专用章', applied: true, required: false, shownByDefault: false },
      ],
      hasSeal: true,
    }),
  }
}

function Elsewhere() {
  const location = useLocation()
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>
}

const pages: RouteObject[] = [
  { path: '/seal-change', element: <ChangeIntroPage /> },
  { path: '/seal-change/step-1', element: <ChangeStep1Page /> },
  { path: '/seal-change/step-2', element: <ChangeStep2Page /> },
  { path: '/seal-change/step-3/:changeTypes', element: <ChangeStep3Page /> },
  { path: '/seal-change/step-3-1/:changeTypes', element: <ChangeStep31Page /> },
  { path: '/seal-change/step-4', element: <ChangeStep4Page /> },
  { path: '/seal-renewal/step-1', element: <RenewalStep1Page /> },
  { path: '/seal-renewal/step-2', element: <RenewalStep2Page /> },
  { path: '/seal-renewal/step-3', element: <RenewalStep3Page /> },
]

/** The older pages at `entry`, logged in; any other page shows its address (`where()`). */
export function renderOlder(entry: string) {
  localStorage.setItem('seal.token', 'test-token')
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } })
  const router = createMemoryRouter([...pages, { path: '*', element: <Elsewhere /> }], { initialEntries: [entry] })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </QueryClientProvider>,
  )
  return router
}

/** Where the pages are now. */
export const here = (router: ReturnType<typeof renderOlder>) => `${router.state.location.pathname}${router.state.location.search}`
