import { useEffect, useReducer, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { PdfDocument, type PdfPageGeometry } from '../../components/pdf-document/pdf-document.tsx'
import { handwritingBoxBeside, sealBoxAt, shownBox, shownCentre, type PdfBox, type Point, type Size } from './placement.ts'

/** Where the seal goes: a page (1-based) and the seal's box on it in PDF points. */
export type Placement = { page: number; seal: PdfBox }

type Props = {
  pdf: ArrayBuffer
  sealPicture: string | null
  /** The seal's size on paper, in points. */
  sealSize: Size
  placement: Placement | null
  onPlace: (placement: Placement) => void
  /** The handwriting shown beside the seal (a name seal's holder who asked for it): its picture. */
  handwriting: string | null
  /** The box of the handwriting, once its picture's proportions are known. */
  onHandwritingBox: (box: PdfBox | null) => void
}

type Drag = { pointerId: number; start: Point; from: Point }

/**
 * The PDF, page by page, on which a tap puts the seal (centred on the tap, at its real size relative to
 * the page) and a drag moves it; the handwriting, when asked for, follows beside it. What is shown is
 * computed from the same boxes that go to the server (placement.ts), so the screen and the sealed PDF agree.
 */
export function PlaceSeal({ pdf, sealPicture, sealSize, placement, onPlace, handwriting, onHandwritingBox }: Props) {
  const wrapper = useRef<HTMLDivElement>(null)
  const [pages, setPages] = useState<PdfPageGeometry[] | null>(null)
  const [, relayout] = useReducer((n: number) => n + 1, 0)
  const drag = useRef<Drag | null>(null)
  const aspect = useImageAspect(handwriting)

  useEffect(() => {
    window.addEventListener('resize', relayout)
    return () => window.removeEventListener('resize', relayout)
  }, [])

  const pageCanvas = (page: number) => wrapper.current?.querySelectorAll<HTMLCanvasElement>('canvas.pdf-document-page')[page - 1]
  /** CSS pixels per point of a shown page, and where it is inside the wrapper. */
  const frameOf = (page: number) => {
    const canvas = pageCanvas(page)
    const geometry = pages?.[page - 1]
    if (!canvas || !geometry || !wrapper.current) return null
    const box = canvas.getBoundingClientRect()
    const outer = wrapper.current.getBoundingClientRect()
    return { geometry, scale: box.width / geometry.width, left: box.left - outer.left, top: box.top - outer.top, box }
  }

  const handwritingBox = placement && handwriting && aspect && pages ? handwritingBoxBeside(pages[placement.page - 1]!, placement.seal, aspect) : null
  const handwritingKey = handwritingBox ? `${handwritingBox.x},${handwritingBox.y},${handwritingBox.width},${handwritingBox.height}` : ''
  useEffect(() => onHandwritingBox(handwritingBox), [handwritingKey])

  const tap = (event: React.MouseEvent<HTMLDivElement>) => {
    const canvas = (event.target as HTMLElement).closest('canvas.pdf-document-page')
    if (!canvas || !wrapper.current) return
    const page = [...wrapper.current.querySelectorAll('canvas.pdf-document-page')].indexOf(canvas) + 1
    const frame = frameOf(page)
    if (!frame) return
    const shown = { x: (event.clientX - frame.box.left) / frame.scale, y: (event.clientY - frame.box.top) / frame.scale }
    onPlace({ page, seal: sealBoxAt(frame.geometry, shown, sealSize) })
  }

  const grab = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!placement || !pages) return
    event.preventDefault()
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY }, from: shownCentre(pages[placement.page - 1]!, placement.seal) }
  }
  const move = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId || !placement) return
    const frame = frameOf(placement.page)
    if (!frame) return
    const centre = { x: current.from.x + (event.clientX - current.start.x) / frame.scale, y: current.from.y + (event.clientY - current.start.y) / frame.scale }
    onPlace({ page: placement.page, seal: sealBoxAt(frame.geometry, centre, sealSize) })
  }
  const drop = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null
  }

  const frame = placement ? frameOf(placement.page) : null
  const styleOf = (box: PdfBox) => {
    const shown = shownBox(frame!.geometry, box)
    return { left: frame!.left + shown.left * frame!.scale, top: frame!.top + shown.top * frame!.scale, width: shown.width * frame!.scale, height: shown.height * frame!.scale }
  }
  // The picture is upright on the stored page: on a page shown turned, it turns with the page.
  const turned = (box: PdfBox) => ({
    width: box.width * (frame?.scale ?? 1),
    height: box.height * (frame?.scale ?? 1),
    transform: `translate(-50%, -50%) rotate(${frame?.geometry.rotate ?? 0}deg)`,
  })

  return (
    <div className="seal-use-place" ref={wrapper} onClick={tap}>
      <PdfDocument source={pdf} onPageDrawn={setPages} />
      {placement && frame && (
        <div
          className="seal-use-stamp"
          role="img"
          aria-label={`印章位置：第${placement.page}页`}
          data-page={placement.page}
          style={styleOf(placement.seal)}
          onClick={(event) => event.stopPropagation()}
          onPointerDown={grab}
          onPointerMove={move}
          onPointerUp={drop}
          onPointerCancel={drop}
        >
          {sealPicture && <img src={sealPicture} alt="" draggable={false} style={turned(placement.seal)} />}
        </div>
      )}
      {handwritingBox && frame && handwriting && (
        <div className="seal-use-handwriting" role="img" aria-label="手写签名位置" style={styleOf(handwritingBox)}>
          <img src={handwriting} alt="" draggable={false} style={turned(handwritingBox)} />
        </div>
      )}
    </div>
  )
}

/** Width over height of a picture, once it has loaded. */
function useImageAspect(src: string | null): number | null {
  const [aspect, setAspect] = useState<number | null>(null)
  useEffect(() => {
    setAspect(null)
    if (!src) return
    const image = new Image()
    image.onload = () => setAspect(image.naturalHeight > 0 ? image.naturalWidth / image.naturalHeight : null)
    image.src = src
    return () => {
      image.onload = null
    }
  }, [src])
  return aspect
}
