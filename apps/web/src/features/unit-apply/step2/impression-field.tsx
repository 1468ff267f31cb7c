import { useRef, useState } from 'react'
import { Dialog, Toast } from 'antd-mobile'
import type { ApplySealItem } from '@seal/shared/api/unit-apply'
import { uploadLimitMb } from '@seal/shared/codes/upload'
import { messages } from '@seal/shared/messages'
import { sealPhotoGuidance } from '@seal/shared/codes/seal-photo-guide'
import { ImageUpload } from '../../../components/upload/image-upload.tsx'
import { RequestError } from '../../../lib/request/request.ts'
import { cutoutSeal } from '../api/cutout-seal.ts'
import { uploadBase64 } from '../api/upload-file.ts'
import { useRestoredPicture } from '../stored-picture.ts'

/** Failed extractions before the photo may go to manual review as it is (001 §9: threshold 1). */
const RETRY_THRESHOLD = 1
/** Impression photos compressed to about 1 MB: the extractor needs the ink's detail. */
const TARGET_KB = 1024

const reasonOf = (error: unknown) => (error instanceof RequestError && error.kind !== 'network' && error.message) || messages.serverError

type Failure = { reason: string; code: string | null }

/** Why the photo failed, then the spec's photo advice for its guide code (000 §8) when that says more. */
function FailureText({ failure }: { failure: Failure }) {
  const advice = failure.code ? sealPhotoGuidance(failure.code) : undefined
  return (
    <>
      <p>{failure.reason}</p>
      {advice && advice !== failure.reason && <p className="unit-dialog-advice">{advice}</p>}
    </>
  )
}

/** The first failure: 取消 or 重新上传 (true). */
function askRetry(failure: Failure) {
  return Dialog.confirm({
    title: messages.impressionExtractionFailed,
    content: (
      <div className="unit-dialog-text">
        <FailureText failure={failure} />
      </div>
    ),
    cancelText: '取消',
    confirmText: '重新上传',
  })
}

/** From the second failure: submit the photo for manual review (true). */
function askManualReview(failure: Failure) {
  return Dialog.confirm({
    title: messages.impressionExtractionFailed,
    content: (
      <div className="unit-dialog-text">
        <FailureText failure={failure} />
        <p>您可以提交人工审核，审核需要1-2个工作日，确认后将使用您上传的照片作为印章图样审核依据。</p>
      </div>
    ),
    cancelText: '重新上传',
    confirmText: '提交人工审核',
  })
}

/**
 * The impression photo of one seal (001 §2 step 2, §4 "Seal-impression extraction failure"): the red ink is
 * cut out by POST /seal-apply/seal/cutoutBase64 and shown; the first failure offers 重新上传, from the second
 * the photo can go to a reviewer as it is (manualReview, its file as originalFileId). Each failure says why
 * and, for a photo-guide code, how to take the photo again.
 */
export function ImpressionField({
  seal,
  unitName,
  onChange,
}: {
  seal: ApplySealItem
  /** The unit's name as the application gives it: a change of name checks the impression against the new one. */
  unitName?: string
  onChange: (patch: Partial<ApplySealItem>) => void
}) {
  const restored = useRestoredPicture(seal.sealPic || seal.originalFileId)
  const [cutout, setCutout] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [uploadKey, setUploadKey] = useState(0)
  const errors = useRef(seal.errorCount)

  const extract = async (dataUrl: string) => {
    setBusy(true)
    try {
      let failure: Failure
      try {
        const answer = await cutoutSeal({ file: dataUrl, sealName: seal.sealName, sealTypeCode: seal.sealTypeCode, unitName })
        if (answer.succ && answer.sealPicBase64) {
          const sealPic = answer.sealPic || (await uploadBase64({ dataUrl: `data:image/png;base64,${answer.sealPicBase64}`, originalName: '印章图片.png' })).fileId
          const originalFileId = answer.originalPic || (await uploadBase64({ dataUrl, originalName: '印章照片.jpg' })).fileId
          setCutout(`data:image/png;base64,${answer.sealPicBase64}`)
          onChange({ sealPic, originalFileId, manualReview: false })
          return
        }
        failure = { reason: answer.msg || messages.impressionExtractionFailed, code: answer.code }
      } catch (error) {
        failure = { reason: reasonOf(error), code: null }
      }
      errors.current += 1
      onChange({ errorCount: errors.current, sealPic: '', manualReview: false })
      setCutout(null)
      // Either way the photo that failed leaves the tile, unless it goes to a reviewer.
      if (errors.current <= RETRY_THRESHOLD) {
        await askRetry(failure)
        setUploadKey((k) => k + 1)
        return
      }
      if (!(await askManualReview(failure))) {
        setUploadKey((k) => k + 1)
        return
      }
      try {
        const photo = await uploadBase64({ dataUrl, originalName: '印章照片.jpg' })
        onChange({ manualReview: true, originalFileId: photo.fileId, sealPic: '' })
      } catch (error) {
        Toast.show({ content: `${messages.imageUploadFailed}:${reasonOf(error)}`, duration: 3000 })
      }
    } finally {
      setBusy(false)
    }
  }

  const shown = cutout ?? (seal.sealPic || seal.manualReview ? restored : undefined)

  return (
    <div className="unit-impression">
      <ImageUpload
        key={`${uploadKey}-${shown ?? ''}`}
        keepInMemoryOnly
        label={`上传${seal.sealName || seal.sealTypeName}印模照片`}
        imageFit="contain"
        maxSizeMB={uploadLimitMb.image}
        compress={TARGET_KB}
        disabled={busy}
        defaultValue={shown ? { dataUrl: shown } : undefined}
        onChange={(image) => {
          if (image) void extract(image.dataUrl)
          else {
            setCutout(null)
            onChange({ sealPic: '', originalFileId: '', manualReview: false })
          }
        }}
      >
        <div className="unit-picture-empty" aria-hidden="true">
          <strong>+</strong>
          <span>印模照片</span>
        </div>
      </ImageUpload>
      <span className={`unit-picture-status${seal.manualReview ? ' unit-picture-status-warn' : seal.sealPic ? ' unit-picture-status-ok' : ''}`}>
        {busy ? '印模提取中...' : seal.manualReview ? '已提交人工审核' : seal.sealPic ? '印模提取成功' : '上传实体印章盖印照片'}
      </span>
    </div>
  )
}
