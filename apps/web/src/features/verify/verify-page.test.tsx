import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import type { SignatureReport, VerifyResult } from '@seal/shared/api/verify'
import { fakeApi } from '../../../test/fake-api.ts'
import { renderScreen } from '../../../test/render-screen.tsx'
import { VerifyPage } from './verify-page.tsx'

const SIGNED = Date.parse('2026-03-01T02:00:00Z')
const REVOKED = Date.parse('2026-03-02T02:00:00Z')

const signature = (overrides: Partial<SignatureReport> = {}): SignatureReport => ({
  index: 0,
  signer: { kind: 'person', commonName: '周用章', unitName: null, socialCreditCode: null, sealName: '周用章的个人名章', sealTypeCode: '1000', sealCode: '2026112670299535' },
  signedAt: SIGNED,
  timestampedAt: SIGNED,
  timestampAuthority: '电子印章服务 时间戳（沙箱）',
  documentUnchanged: true,
  coversWholeDocument: true,
  modifiedAfter: false,
  chain: [],
  chainTrusted: true,
  revoked: false,
  revokedAt: null,
  expired: false,
  valid: true,
  verdict: 'valid',
  problems: [],
  ...overrides,
})

/** The 用章 screen opens 验章 with the document just sealed; the server answers its report. */
function openWithSealedFile(report: SignatureReport) {
  const api = fakeApi({
    'GET /file/download/f1': () => new Response(new Uint8Array([37, 80, 68, 70, 45]), { headers: { 'content-type': 'application/pdf' } }),
    'POST /verify': (): VerifyResult => ({ fileName: '租赁合同（已签章）.pdf', sha256: 'ab'.repeat(32), signatures: [report] }),
  })
  renderScreen({ pathname: '/verify', state: { fileId: 'f1', fileName: '租赁合同（已签章）.pdf' } }, { path: '/verify', element: <VerifyPage /> })
  return api
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('验章 opened with a sealed document', () => {
  it('checks the document it was opened with, at once', async () => {
    const api = openWithSealedFile(signature())
    expect(await screen.findByText('全部签章有效')).toBeTruthy()
    expect(screen.getByText('租赁合同（已签章）.pdf，共 1 个签章')).toBeTruthy()
    expect(api.to('POST /verify')).toHaveLength(1)
  })

  it('shows a seal cancelled after it sealed as 印章已注销 with the date of the cancellation, never under a green 有效', async () => {
    openWithSealedFile(signature({ revoked: true, revokedAt: REVOKED, verdict: 'revoked' }))
    expect(await screen.findByText('签章有效，但印章已注销')).toBeTruthy()
    expect(screen.queryByText('全部签章有效')).toBeNull()
    const card = screen.getByText(/第 1 个签章/).closest('.verify-signature') as HTMLElement
    expect(within(card).getByText('印章已注销')).toBeTruthy()
    expect(within(card).queryByText('有效', { exact: true })).toBeNull()
    expect(within(card).getByRole('note').textContent).toContain('该印章已于 2026-03-02 10:00:00（北京时间） 注销')
    expect(within(card).getByText('吊销时间 2026-03-02 10:00:00')).toBeTruthy()
  })
})
