import { useState } from 'react'
import { Button, Dialog, Input } from 'antd-mobile'
import type { z } from 'zod'
import type { offlineSealDetail } from '@seal/shared/api/offline-apply'
import { sealPhotoGuidance } from '@seal/shared/codes/seal-photo-guide'
import { sealTypeCode, sealTypeLabel } from '@seal/shared/codes/seal-type'
import { uploadLimitMb } from '@seal/shared/codes/upload'
import { messages } from '@seal/shared/messages'
import { SEAL_NAME_MAX_LENGTH } from '@seal/shared/rules/names'
import { ImageUpload } from '../../../components/upload/image-upload.tsx'
import { RequestError } from '../../../lib/request/request.ts'
import { useRestoredPicture } from '../../unit-apply/stored-picture.ts'
import { deleteSealPattern } from '../api/delete-seal-pattern.ts'
import { uploadSealPattern } from '../api/upload-seal-pattern.ts'
import { failureText } from '../failure-text.ts'

export type OfflineSealItem = z.infer<typeof offlineSealDetail>

/** Pattern photos compressed to about 1 MB: the extractor needs the ink's detail. */
const TARGET_KB = 1024

/** The photo-guide code of a failed extraction (the answer's code, or one in its data), if the table knows it. */
export function guideCodeOf(error: unknown): string | null {
  if (!(error instanceof RequestError)) return null
  const inData =
    error.data && typeof error.data === 'object' ? (error.data as { code?: unknown }).code : undefined
  for (const code of [error.code, inData])
    if ((typeof code === 'string' || typeof code === 'number') && sealPhotoGuidance(code)) return String(code)
  return null
}

/**
 * 印模提取失败 said in the photo-guide modal (000 §8 "shown in a modal with an 'I know' button"): why,
 * then how to take the photo again for the answer's code.
 */
export function showExtractionFailure(error: unknown) {
  const reason = failureText(error, messages.impressionExtractionFailed)
  const code = guideCodeOf(error)
  const advice = code ? sealPhotoGuidance(code) : undefined
  return Dialog.alert({
    title: messages.impressionExtractionFailed,
    content: (
      <div className="unit-dialog-text">
        <p>{reason}</p>
        {advice && advice !== reason && <p className="unit-dialog-advice">{advice}</p>}
      </div>
    ),
    confirmText: '我知道了',
  })
}

/** The answer's picture: a PNG cut-out, or the photo itself (JPEG or PNG) when it goes to manual review. */
const pictureOf = (base64: string) => {
  if (base64.startsWith('data:')) return base64
  return `data:${base64.startsWith('/9j/') ? 'image/jpeg' : 'image/png'};base64,${base64}`
}

/**
 * One seal of step-2-1: its pattern photo (≤ 10 MB) sent to POST …/uploadSealBase64Pic and the cut-out
 * shown; 删除 removes it (GET …/deleteSealPic); an other-type seal (99) is named here. From the second
 * failed extraction the server keeps the photo for a reviewer (已转人工审核).
 */
export function PatternCard({
  applyId,
  seal,
  name,
  onName,
  onChanged,
}: {
  applyId: string
  seal: OfflineSealItem
  name: string
  onName: (name: string) => void
  /** The seal item changed on the server: the page reads the application again. */
  onChanged: () => void
}) {
  const restored = useRestoredPicture(seal.sealPicFileId)
  const [picked, setPicked] = useState<{ picture: string; manualReview: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const [tile, setTile] = useState(0)
  const other = seal.sealType === sealTypeCode.OTHER
  const title = other ? name || sealTypeLabel(seal.sealType) : seal.sealName || sealTypeLabel(seal.sealType)
  const has = Boolean(picked || seal.sealPicFileId)
  const manualReview = picked ? picked.manualReview : seal.manualReview

  const upload = async (dataUrl: string) => {
    setBusy(true)
    try {
      const answer = await uploadSealPattern({
        applyId,
        id: seal.id,
        sealName: other ? name.trim() : seal.sealName,
        sealTypeCode: seal.sealType,
        sealId: seal.sealId,
        base64File: dataUrl,
      })
      setPicked({ picture: pictureOf(answer.picBase64), manualReview: answer.manualReview })
      onChanged()
      if (answer.manualReview) {
        await Dialog.alert({
          title: messages.impressionExtractionFailed,
          content:
            '未能从照片中提取印模，照片将作为印章图样提交人工审核（1-2个工作日）。如需重新拍摄，可删除后重新上传。',
          confirmText: '我知道了',
        })
      }
    } catch (error) {
      setTile((t) => t + 1)
      await showExtractionFailure(error)
      onChanged()
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    setBusy(true)
    try {
      await deleteSealPattern({ id: seal.id, applyId })
      setPicked(null)
      setTile((t) => t + 1)
      onChanged()
    } catch (error) {
      await Dialog.alert({ content: failureText(error, messages.operationError), confirmText: '我知道了' })
    } finally {
      setBusy(false)
    }
  }

  const shown = picked?.picture ?? (seal.sealPicFileId ? restored : undefined)

  return (
    <section className="unit-section offline-pattern" aria-label={title}>
      <div className="unit-seal-card-head">
        <strong>{title}</strong>
        {title !== sealTypeLabel(seal.sealType) && (
          <span className="offline-seal-type">{sealTypeLabel(seal.sealType)}</span>
        )}
      </div>
      {other && (
        <Input
          className="offline-seal-name"
          aria-label="其他类型印章名称"
          placeholder="请输入印章名称，如：项目专用章"
          value={name}
          maxLength={SEAL_NAME_MAX_LENGTH}
          onChange={onName}
        />
      )}
      <div className="unit-impression">
        {has && shown ? (
          <div className="offline-pattern-picture">
            <img src={shown} alt={`${title}印章图样`} />
          </div>
        ) : (
          <ImageUpload
            key={tile}
            keepInMemoryOnly
            label={`上传${title}印章图样`}
            imageFit="contain"
            maxSizeMB={uploadLimitMb.sealPatternOffline}
            compress={TARGET_KB}
            disabled={busy}
            onChange={(image) => image && void upload(image.dataUrl)}
          >
            <div className="unit-picture-empty" aria-hidden="true">
              <strong>+</strong>
              <span>印章图样</span>
            </div>
          </ImageUpload>
        )}
        <span
          className={`unit-picture-status${manualReview && has ? ' unit-picture-status-warn' : has ? ' unit-picture-status-ok' : ''}`}
        >
          {busy
            ? '处理中...'
            : has
              ? manualReview
                ? '印模提取失败，已转人工审核'
                : '印模提取成功'
              : `实体印章盖印照片，不超过${uploadLimitMb.sealPatternOffline}MB`}
        </span>
        {has && (
          <Button size="mini" fill="outline" color="danger" disabled={busy} onClick={() => void remove()}>
            删除
          </Button>
        )}
      </div>
    </section>
  )
}
