import { BYTES_PER_MB } from '@seal/shared/codes/upload'
import { messageTemplates } from '@seal/shared/messages'

/**
 * What the upload control accepts (spec 002 §5 "File upload and images"): `image/*` means png, jpeg
 * and jpg; `application/pdf` (or `.pdf`) a PDF; several may be listed with commas, as in `accept`.
 */
export type AcceptedFormat = { extension: string; mediaType: string }

const IMAGE_FORMATS: AcceptedFormat[] = [
  { extension: 'png', mediaType: 'image/png' },
  { extension: 'jpeg', mediaType: 'image/jpeg' },
  { extension: 'jpg', mediaType: 'image/jpeg' },
]
const PDF_FORMAT: AcceptedFormat = { extension: 'pdf', mediaType: 'application/pdf' }

export function acceptedFormats(accept: string): AcceptedFormat[] {
  const formats: AcceptedFormat[] = []
  for (const entry of accept.split(',').map((part) => part.trim().toLowerCase())) {
    if (entry === 'image/*') formats.push(...IMAGE_FORMATS)
    else if (entry === 'application/pdf' || entry === '.pdf' || entry === 'pdf') formats.push(PDF_FORMAT)
    else if (entry === 'image/png' || entry === '.png') formats.push(IMAGE_FORMATS[0]!)
    else if (entry === 'image/jpeg' || entry === '.jpeg' || entry === '.jpg') formats.push(IMAGE_FORMATS[1]!, IMAGE_FORMATS[2]!)
  }
  return formats.filter((format, index) => formats.findIndex((other) => other.extension === format.extension) === index)
}

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''

/**
 * Whether a picked file is of an accepted kind: its media type when the browser gives one, else its
 * extension (some Android web views report an empty type for camera pictures).
 */
export function isAccepted(file: { name: string; type: string }, formats: AcceptedFormat[]): boolean {
  if (file.type) return formats.some((format) => format.mediaType === file.type.toLowerCase())
  return formats.some((format) => format.extension === extensionOf(file.name))
}

export const isPdf = (file: { name: string; type: string }) => file.type === PDF_FORMAT.mediaType || (!file.type && extensionOf(file.name) === 'pdf')

/** The message for a picked file that may not be uploaded, or null when it may. */
export function rejectionOf(file: { name: string; type: string; size: number }, rules: { accept: string; maxSizeMB?: number }): string | null {
  const formats = acceptedFormats(rules.accept)
  if (formats.length > 0 && !isAccepted(file, formats)) return messageTemplates.fileTypeNotAccepted(formats.map((format) => format.extension).join('、'))
  if (rules.maxSizeMB !== undefined && file.size > rules.maxSizeMB * BYTES_PER_MB) return messageTemplates.fileTooLarge(rules.maxSizeMB)
  return null
}
