import { useQuery } from '@tanstack/react-query'
import type { LoginInfo } from '@seal/shared/api/auth'
import type { HandwritingSaveResult } from '@seal/shared/api/handwriting'
import type { SealGroup, SealItem } from '@seal/shared/api/seals'
import type { SealUseInfo, SignDocumentBody, SignedDocument } from '@seal/shared/api/sign-document'
import { sealStatus } from '@seal/shared/codes/seal-status'
import { listHandwriting, saveHandwriting } from '../../components/signature-board/handwriting-api.ts'
import type { SignatureResult } from '../../components/signature-board/signature-board.tsx'
import { getBlob, post } from '../../lib/request/request.ts'

/**
 * The calls of the 用章 screen (issue #12 item 5). The seal lists and the detail are the management
 * screens' own calls (spec 000 §7); /seal/useInfo and /seal/signDocument are ours (†).
 */

/** POST /seal/detail †: the seal being used (name, picture link, status). */
export function useSeal(sealId: string | undefined) {
  return useQuery({
    queryKey: ['seals', 'detail', sealId],
    queryFn: () => post<SealItem>('/seal/detail', { sealId }),
    enabled: Boolean(sealId),
  })
}

/** POST /seal/useInfo †: the caller's role, what a use asks of them, and the seal's size on paper. */
export function useSealUseInfo(sealId: string | undefined) {
  return useQuery({
    queryKey: ['seals', 'useInfo', sealId],
    queryFn: () => post<SealUseInfo>('/seal/useInfo', { sealId }),
    enabled: Boolean(sealId),
  })
}

/**
 * The seals in effect the caller may use now (holder, manager, authorised user in their period): their
 * name seals (a person's) and the unit seals they see (POST /seal/queryPersonSeals †,
 * /seal/queryGroupByBusiness with queryAvailable). The server lists only seals the caller has a role on.
 */
export function useUsableSeals(me: LoginInfo | undefined) {
  return useQuery({
    queryKey: ['seals', 'usable', me?.kind],
    queryFn: async () => {
      const [personal, groups] = await Promise.all([
        me?.kind === 'personal' ? post<SealItem[]>('/seal/queryPersonSeals', { needPic: true }) : Promise.resolve([]),
        post<SealGroup[]>('/seal/queryGroupByBusiness', { needPic: true, queryAvailable: true }),
      ])
      return [...personal, ...groups.flatMap((group) => group.list)].filter((seal) => seal.status === sealStatus.IN_EFFECT)
    },
    enabled: Boolean(me),
  })
}

/** The picture of the signature the caller chose (GET /sign/handwriting/list), for the handwriting beside a name seal. */
export function useChosenSignature(enabled: boolean) {
  return useQuery({
    queryKey: ['handwriting', 'chosen'],
    queryFn: async () => (await listHandwriting()).list.find((sample) => sample.signChoose)?.signaturePreview ?? null,
    enabled,
  })
}

export type UploadedPdf = { fileId: string; fileName: string }

/** POST /file/upload: the picked PDF, stored as the caller's file. Silent: the screen says what failed. */
export function uploadPdf(file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return post<UploadedPdf>('/file/upload', form, { silent: true, timeout: 60_000 })
}

/**
 * POST /sign/handwriting/save with purpose `verify`: the signature written to confirm this use, compared
 * with the caller's samples; never becomes a sample. `pass: false` is an answer, not an error.
 */
export function verifyHandwriting(me: LoginInfo, written: SignatureResult): Promise<HandwritingSaveResult> {
  return saveHandwriting({ identity: me.personCard, name: me.personName, purpose: 'verify', signData: written.signData, signImage: written.dataUrl, device: written.device })
}

/** POST /seal/signDocument †: the seal (and the handwriting beside it) on the PDF; a new file of the caller's. */
export function signDocument(body: SignDocumentBody) {
  return post<SignedDocument>('/seal/signDocument', body, { timeout: 60_000 })
}

/** GET /file/download/{fileId}: the sealed PDF's bytes, to show, download and share. */
export async function fileBytes(fileId: string): Promise<Blob> {
  return getBlob(`/file/download/${encodeURIComponent(fileId)}`, undefined, { timeout: 60_000 })
}

/** POST /file/previewLink: a link to the sealed PDF that works without the session for 10 minutes (分享 without the Web Share API). */
export function shareLink(fileId: string) {
  return post<{ url: string; expiresAt: number }>('/file/previewLink', { fileId })
}
