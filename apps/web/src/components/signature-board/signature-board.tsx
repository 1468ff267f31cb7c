import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Button, Toast } from 'antd-mobile'
import SignaturePad from 'signature_pad'
import type { SignData, SignDevice } from '@seal/shared/api/handwriting'
import { deviceInfo, inkBounds, signatureProblem, toSignData } from './stroke-data.ts'
import './signature-board.css'

/** What the board hands over on 确定: the strokes for comparison, the picture for display and documents. */
export type SignatureResult = { signData: SignData; dataUrl: string; device: SignDevice }

export type SignatureBoardProps = {
  /** Called on 确定 with a signature worth submitting; the board clears itself once this resolves. */
  onConfirm: (result: SignatureResult) => void | Promise<unknown>
  busy?: boolean
  /** Shown in the empty board. */
  placeholder?: string
  /** Above the board, e.g. which sample of how many this is. */
  children?: ReactNode
  /** CSS height of the writing area. */
  height?: string
}

/** Repeated taps on 确定 within this time count once (spec 000 §9: signing debounce 200 ms). */
const CONFIRM_DEBOUNCE_MS = 200
/** Transparent margin kept around the ink in the trimmed picture, in device pixels. */
const TRIM_MARGIN = 8

/**
 * The handwriting board (spec 002 §4 signature samples; 000 §2 signature collection): a full-width
 * canvas on signature_pad recording every point with its time and pressure, with 重写 and 确定.
 */
export function SignatureBoard({
  onConfirm,
  busy = false,
  placeholder = '请在此处签名',
  children,
  height = 'min(56vh, 360px)',
}: SignatureBoardProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const padRef = useRef<SignaturePad | null>(null)
  const pointerType = useRef<SignDevice['pointerType']>('unknown')
  const lastConfirm = useRef(0)
  const [empty, setEmpty] = useState(true)
  const [submitting, setSubmitting] = useState(false)

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const pad = new SignaturePad(canvas, { minDistance: 2, minWidth: 1, maxWidth: 3.2, penColor: '#111' })
    padRef.current = pad
    const begin = (event: Event) => {
      const original = (event as CustomEvent<{ event: Event }>).detail?.event
      pointerType.current = pointerTypeOf(original)
    }
    const end = () => setEmpty(pad.isEmpty())
    pad.addEventListener('beginStroke', begin)
    pad.addEventListener('endStroke', end)

    let width = 0
    const fit = () => {
      const box = canvas.getBoundingClientRect()
      // Mobile browsers fire resize when the address bar hides; only a new width needs a new backing store.
      if (Math.round(box.width) === width || box.width === 0) return
      width = Math.round(box.width)
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      canvas.width = Math.round(box.width * ratio)
      canvas.height = Math.round(box.height * ratio)
      canvas.getContext('2d')?.scale(ratio, ratio)
      pad.fromData(pad.toData())
    }
    fit()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit)
    observer?.observe(canvas)
    window.addEventListener('resize', fit)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', fit)
      pad.removeEventListener('beginStroke', begin)
      pad.removeEventListener('endStroke', end)
      pad.off()
      padRef.current = null
    }
  }, [])

  // While a sample is being checked the board takes no strokes (signature-board.css): the board clears
  // when the check answers, which would silently wipe anything written in the meantime.
  const locked = submitting || busy

  const clear = useCallback(() => {
    padRef.current?.clear()
    setEmpty(true)
  }, [])

  const confirm = async () => {
    const pad = padRef.current
    const canvas = canvasRef.current
    const now = Date.now()
    if (!pad || !canvas || submitting || busy || now - lastConfirm.current < CONFIRM_DEBOUNCE_MS) return
    lastConfirm.current = now
    const box = canvas.getBoundingClientRect()
    const signData = toSignData(pad.toData(), {
      width: box.width || canvas.width,
      height: box.height || canvas.height,
    })
    const problem = signatureProblem(signData)
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    setSubmitting(true)
    try {
      await onConfirm({ signData, dataUrl: trimmedPng(canvas), device: deviceInfo(pointerType.current) })
      clear()
    } catch {
      // The caller showed why (the request layer toasts); the strokes stay so the person can try again.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="signature-board">
      {children}
      <div className="signature-board-area" style={{ height }}>
        <canvas ref={canvasRef} className="signature-board-canvas" aria-label="签名区域" aria-busy={locked} />
        {empty && (
          <div className="signature-board-placeholder" aria-hidden="true">
            {placeholder}
          </div>
        )}
      </div>
      <div className="signature-board-actions">
        <Button block size="large" disabled={locked} onClick={clear}>
          重写
        </Button>
        <Button
          block
          size="large"
          color="primary"
          loading={locked}
          onClick={() => void confirm()}
        >
          确定
        </Button>
      </div>
    </div>
  )
}

function pointerTypeOf(event: Event | undefined): SignDevice['pointerType'] {
  if (!event) return 'unknown'
  if ('pointerType' in event) {
    const type = (event as PointerEvent).pointerType
    return type === 'mouse' || type === 'pen' || type === 'touch' ? type : 'unknown'
  }
  return event.type.startsWith('touch') ? 'touch' : event.type.startsWith('mouse') ? 'mouse' : 'unknown'
}

/** The ink cut out of the canvas with a small transparent margin, as a PNG data URL. */
export function trimmedPng(canvas: HTMLCanvasElement): string {
  const context = canvas.getContext('2d')
  if (!context || canvas.width === 0 || canvas.height === 0) return canvas.toDataURL('image/png')
  const all = context.getImageData(0, 0, canvas.width, canvas.height)
  const bounds = inkBounds(all.data, canvas.width, canvas.height)
  if (!bounds) return canvas.toDataURL('image/png')
  const ink = context.getImageData(bounds.x, bounds.y, bounds.width, bounds.height)
  const out = document.createElement('canvas')
  out.width = bounds.width + 2 * TRIM_MARGIN
  out.height = bounds.height + 2 * TRIM_MARGIN
  out.getContext('2d')?.putImageData(ink, TRIM_MARGIN, TRIM_MARGIN)
  return out.toDataURL('image/png')
}
