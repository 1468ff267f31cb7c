/**
 * Test support for the wizard's component tests: a fake network answering the shapes of
 * packages/shared/src/api/unit-apply.ts (the boundary is `fetch`, nothing of ours is replaced), and the
 * wizard rendered inside a router with a login.
 */
import { vi } from 'vitest'
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Dialog, Toast } from 'antd-mobile'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { LoginInfo } from '@seal/shared/api/auth'
import type { UnitApplicationDetail } from '@seal/shared/api/unit-apply'
import { buildRegionTree } from '@seal/shared/regions/region-tree'
import { idCardCheckCharacter } from '@seal/shared/rules/id-card'
import { UnitApplyPage } from '../src/features/unit-apply/unit-apply-page.tsx'

// Dialogs and toasts open and close with animations, slow on a busy machine: wait for them longer than 1 s.
configure({ asyncUtilTimeout: 8000 })

export const idNumber = (first17: string) => first17 + idCardCheckCharacter(first17)
export const OPERATOR_ID = idNumber('11010119900307123')
export const LEGAL_ID = idNumber('11010519491231002')
export const CREDIT_CODE = '91110108MA01ABCDEN'

export const operatorLogin: LoginInfo = {
  kind: 'personal',
  personName: '王五',
  personCard: OPERATOR_ID,
  cardKind: '111',
  phone: '138****0000',
  socialCreditCode: null,
  companyName: null,
  unitTypeCode: null,
  verified: true,
}

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown }
type Handler = (call: Call) => unknown
/** An answer that is not '00'. */
export class Refusal {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

const regionTree = buildRegionTree()
let fileCounter = 0

/** The answers every wizard screen needs; a test overrides or adds paths. */
export function defaultRoutes(me: LoginInfo = operatorLogin): Record<string, Handler> {
  return {
    'GET /auth/me': () => me,
    'POST /seal-apply/apply/findDraft': () => null,
    'GET /seal-apply/region/list': () => regionTree,
    'POST /file/uploadBase64': () => ({ fileId: `file-${++fileCounter}`, fileName: 'a.jpg', mediaType: 'image/jpeg', size: 4 }),
    'POST /file/upload': () => ({ fileId: `file-${++fileCounter}`, fileName: 'a.jpg', mediaType: 'image/jpeg', size: 4 }),
    'POST /file/previewLink': (call) => ({ url: `/api/seal-apply/file/download/${(call.body as { fileId: string }).fileId}?preview=true&access_token=t`, expiresAt: 0 }),
    'POST /seal-apply/apply/temporary': (call) => ({ id: (call.body as { id?: string }).id ?? 'app-1', step: (call.body as { step: string }).step }),
    'POST /seal-apply/seal/queryCanApply': () => ({
      canApply: [{ sealTypeCode: '01', sealTypeName: '单位公章', applied: false, required: true, shownByDefault: true }],
      hasSeal: false,
    }),
    'POST /seal-apply/apply/save': (call) => ({ id: (call.body as { id?: string }).id ?? 'app-1', step: (call.body as { step: string }).step }),
  }
}

/** Stubs fetch with the routes (`METHOD /path`, a `*` ending matches any rest); answers come in the envelope. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost')
      const path = url.pathname.replace(/^\/api/, '')
      const method = init.method ?? 'GET'
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body
      const call = { method, path, query: url.searchParams, body }
      calls.push(call)
      const key = `${method} ${path}`
      const handler = routes[key] ?? Object.entries(routes).find(([k]) => k.endsWith('*') && key.startsWith(k.slice(0, -1)))?.[1]
      const answer = handler ? handler(call) : new Refusal('404', `未配置 ${key}`)
      const envelope = answer instanceof Refusal ? { resultStatus: answer.code, responseInfo: answer.message, data: null } : { resultStatus: '00', responseInfo: '操作成功', data: answer }
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } })
    }),
  )
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) }
}

function Where() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** The wizard at `entry`, logged in, with /new/seal-result standing for the result page. */
export function renderWizard(entry: string) {
  localStorage.setItem('seal.token', 'test-token')
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/new/seal/home" element={<UnitApplyPage />} />
          <Route path="/new/seal/find-seal" element={<UnitApplyPage />} />
          <Route path="/new/seal-result" element={<p>申请结果页</p>} />
          <Route path="/new/seal/sign" element={<p>签署页</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

export const location = () => screen.getByTestId('location').textContent ?? ''

/** The text of the toast on screen (antd-mobile shows one at a time). */
export const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? ''

export async function expectToast(text: string) {
  await waitFor(() => {
    if (toastText() !== text) throw new Error(`toast is "${toastText()}", expected "${text}"`)
  })
}

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

/** Picks a file in the input named `label`. */
export function pickFile(label: string, name = 'photo.png', type = 'image/png', bytes: BlobPart = pngBytes) {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [new File([bytes], name, { type })] } })
}

/** A stored draft as GET /seal-apply/apply/detail answers it. */
export function draftDetail(patch: Partial<UnitApplicationDetail> = {}): UnitApplicationDetail {
  return {
    id: 'app-9',
    businessType: 'APPLY',
    applyType: 'OPERATOR_APPLY',
    step: '1',
    sealId: '',
    operatorRealName: '王五',
    operatorIdCardNo: OPERATOR_ID,
    operatorTel: '13800138000',
    operatorFrontFileId: 'f-of',
    operatorBackFileId: 'f-ob',
    businessLicense: 'f-lic',
    unitName: '北京某某科技有限公司',
    socialCreditCode: CREDIT_CODE,
    addr: ['北京市', '北京市', '110101'],
    unitTypeCode: '02',
    autoUnitTypeCode: '02',
    legalPersonName: '李四',
    legalPersonIdentityType: '111',
    legalPersonIdentityNo: LEGAL_ID,
    legalTel: '13900139000',
    legalPersonIdFrontFileId: 'f-lf',
    legalPersonIdBackFileId: 'f-lb',
    setSealManager: false,
    sealManagerName: '',
    sealManagerTel: '',
    sealManagerIdentityType: '111',
    sealManagerIdentityNo: '',
    sealManagerIdFrontFileId: '',
    sealManagerIdBackFileId: '',
    operatorIsManager: false,
    reservedAuth: true,
    sealInfo: [
      { _id: 'seal-01', sealId: '', sealCode: '', sealName: '单位公章', sealTypeCode: '01', sealTypeName: '单位公章', sealPic: '', originalFileId: '', errorCount: 0, manualReview: false },
    ],
    authPersons: [],
    applicationFiles: [],
    truthful: false,
    applyStatus: 'TEMPORARY_SAVE',
    legalPasswordSet: false,
    sealManagerPasswordSet: false,
    companyVerifyPass: false,
    companyVerifyReason: null,
    serialNo: null,
    faceSerialNo: null,
    signedFiles: [],
    failReason: null,
    failSealItems: [],
    successSealItems: [],
    mine: true,
    createTime: 0,
    updateTime: 0,
    submitTime: null,
    ...patch,
  }
}

/**
 * The dialog an act opens. A dialog closed just before can linger in jsdom for the length of its fade, or
 * for good when no animation frame ends it, with the same buttons: the new one is the one not there before.
 */
export async function dialogOpenedBy(act: () => void): Promise<HTMLElement> {
  const before = new Set(document.querySelectorAll('.adm-dialog'))
  act()
  return waitFor(() => {
    const opened = [...document.querySelectorAll<HTMLElement>('.adm-dialog')].find((dialog) => !before.has(dialog))
    if (!opened) throw new Error('no new dialog yet')
    return opened
  })
}

/** After each test: antd-mobile keeps its open toast and dialogs, whose containers the next test must not inherit. */
export function resetScreen() {
  Toast.clear()
  Dialog.clear()
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
  localStorage.clear()
  document.body.innerHTML = ''
}
