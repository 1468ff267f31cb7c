import type { UpdateObject } from './incremental-update.ts'
import { formatNumber, pdfDict, pdfName, pdfRef, serializeValue } from './pdf-syntax.ts'
import type { PdfImageData } from './png-image.ts'

/**
 * The form XObject of the widget (the image fitted and centred in the rect), the image and its alpha
 * mask. The appearance is drawn in the rect's own coordinates, as widgets require.
 *
 * @example
 * objects.push(...appearanceObjects({ apNum, allocate, image: pngToPdfImage(seal), width: 120, height: 120 }))
 */
export function appearanceObjects({
  apNum,
  allocate,
  image,
  width,
  height,
}: {
  apNum: number
  allocate: () => number
  image: PdfImageData
  width: number
  height: number
}): UpdateObject[] {
  const objects: UpdateObject[] = []
  const imageNum = allocate()
  let smask: number | undefined
  if (image.alpha) {
    smask = allocate()
    const maskDict = pdfDict({
      Type: pdfName('XObject'),
      Subtype: pdfName('Image'),
      Width: image.width,
      Height: image.height,
      ColorSpace: pdfName('DeviceGray'),
      BitsPerComponent: 8,
      Filter: pdfName('FlateDecode'),
      Length: image.alpha.length,
    })
    objects.push({ num: smask, text: serializeValue(maskDict), stream: image.alpha })
  }
  const imageDict = pdfDict({
    Type: pdfName('XObject'),
    Subtype: pdfName('Image'),
    Width: image.width,
    Height: image.height,
    ColorSpace: pdfName(image.colorSpace),
    BitsPerComponent: 8,
    Filter: pdfName('FlateDecode'),
    DecodeParms: image.pngPredictor
      ? pdfDict({ Predictor: 15, Colors: image.pngPredictor.colors, BitsPerComponent: 8, Columns: image.width })
      : undefined,
    SMask: smask === undefined ? undefined : pdfRef(smask),
    Length: image.color.length,
  })
  objects.push({ num: imageNum, text: serializeValue(imageDict), stream: image.color })

  const scale = Math.min(width / image.width, height / image.height)
  const drawnWidth = image.width * scale
  const drawnHeight = image.height * scale
  const content = `q ${formatNumber(drawnWidth)} 0 0 ${formatNumber(drawnHeight)} ${formatNumber((width - drawnWidth) / 2)} ${formatNumber((height - drawnHeight) / 2)} cm /Im0 Do Q\n`
  const formDict = pdfDict({
    Type: pdfName('XObject'),
    Subtype: pdfName('Form'),
    BBox: [0, 0, width, height],
    Resources: pdfDict({ XObject: pdfDict({ Im0: pdfRef(imageNum) }) }),
    Length: content.length,
  })
  objects.push({ num: apNum, text: serializeValue(formDict), stream: Buffer.from(content, 'latin1') })
  return objects
}
