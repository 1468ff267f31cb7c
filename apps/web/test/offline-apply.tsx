/**
 * Test support for the offline-materials pages: an application as GET …/offlineApply/applyDetail/{id}
 * answers it (packages/shared/src/api/offline-apply.ts), and the pages rendered in a router with a login.
 * The network is faked at `fetch` with unit-apply-wizard.tsx's fakeServer.
 */
import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { OfflineApplyDetail } from '@seal/shared/api/offline-apply'
import { offlineActionsOf, offlineStatusLabel } from '@seal/shared/codes/offline-status'
import { DocumentsPage } from '../src/features/offline-apply/documents/documents-page.tsx'
import { DownloadPage } from '../src/features/offline-apply/download/download-page.tsx'
import { MailPage } from '../src/features/offline-apply/mail/mail-page.tsx'
import { SealPatternPage } from '../src/features/offline-apply/patterns/seal-pattern-page.tsx'
import { OutcomePage } from '../src/features/offline-apply/result/outcome-page.tsx'
import { OfflineResultPage } from '../src/features/offline-apply/result/result-page.tsx'
import { SubmittedPage } from '../src/features/offline-apply/result/submitted-page.tsx'
import { OperatorInfoPage } from '../src/features/offline-apply/step1/operator-info-page.tsx'
import { OfflineFormPage } from '../src/features/offline-apply/unit-form/offline-form-page.tsx'
import { CREDIT_CODE, LEGAL_ID, OPERATOR_ID } from './unit-apply-wizard.tsx'

export const OFFLINE = '/paas-seal-offline-sdk/v1/offlineApply'

/** An offline application in `applyStatus`, with the label and actions the server answers for it. */
export function offlineDetail(patch: Partial<OfflineApplyDetail> = {}): OfflineApplyDetail {
  const status = patch.applyStatus ?? 7
  return {
    applyId: 'off-1',
    businessType: 1,
    operatorRealName: '王五',
    operatorIdCardNo: OPERATOR_ID,
    operatorTel: '13800138000',
    operatorPersonIdentityType: '111',
    operatorIdentityFrontFileId: 'f-of',
    operatorIdentityBackFileId: 'f-ob',
    licenseFileId: 'f-lic',
    sealUseCompany: '北京某某科技有限公司',
    socialCode: CREDIT_CODE,
    unitTypeCode: '02',
    registrationPlaceCode: ['北京市', '北京市', '110101'],
    registrationPlace: '北京市北京市东城区',
    reservedAuth: true,
    setSealManager: false,
    operatorIsManager: false,
    legalPersonName: '李四',
    legalPersonIdentityNo: LEGAL_ID,
    legalPersonIdentityType: '111',
    legalTel: '13900139000',
    legalPersonIdFrontFileId: 'f-lf',
    legalPersonIdBackFileId: 'f-lb',
    sealManagerName: '',
    sealManagerIdentityNo: '',
    sealManagerIdentityType: '111',
    sealManagerTel: '',
    sealManagerIdFrontFileId: '',
    sealManagerIdBackFileId: '',
    gaSealTypeInfos: [
      {
        id: 'item-01',
        sealType: '01',
        sealName: '单位公章',
        sealId: '',
        sealCode: '',
        sealPicFileId: '',
        manualReview: false,
        errorCount: 0,
      },
    ],
    sealManagerPasswordSet: false,
    applicationFormFileInfo: null,
    attorneyDocFileInfo: null,
    documents: [],
    deliveryRecord: null,
    successSealItems: [],
    failSealItems: [],
    failReason: null,
    checkRemark: null,
    companyVerifyPass: null,
    pendingUpload: false,
    mine: true,
    channel: 'h5',
    createTime: Date.parse('2026-03-02T00:00:00Z'),
    updateTime: Date.parse('2026-03-02T00:00:00Z'),
    submitTime: status === 7 ? null : Date.parse('2026-03-02T01:30:00Z'),
    ...patch,
    applyStatus: status,
    statusLabel: patch.statusLabel ?? offlineStatusLabel(status),
    actions: patch.actions ?? [...offlineActionsOf(status)],
  }
}

function Where() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** Every offline page at its route, logged in; other addresses render nothing but the location. */
export function renderOffline(entry: string) {
  localStorage.setItem('seal.token', 'test-token')
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  })
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter
        initialEntries={[entry]}
        future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
      >
        <Routes>
          <Route path="/seal-apply/operator/step-1" element={<OperatorInfoPage />} />
          <Route path="/seal-apply/operator/step-2" element={<DownloadPage />} />
          <Route path="/seal-apply/operator/step-2-1" element={<SealPatternPage />} />
          <Route path="/seal-apply/operator/step-2-2" element={<DocumentsPage />} />
          <Route path="/seal-apply/operator/step-3" element={<SubmittedPage />} />
          <Route path="/seal-apply/operator/step-3-1" element={<OfflineResultPage />} />
          <Route path="/seal-apply/operator/step-4" element={<MailPage />} />
          <Route path="/seal-apply/operator/step-5" element={<OutcomePage />} />
          <Route path="/seal-apply/offline-form" element={<OfflineFormPage />} />
          <Route path="*" element={<p>其他页面</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...result, client }
}

export const where = () => screen.getByTestId('location').textContent ?? ''
