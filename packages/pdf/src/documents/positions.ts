/**
 * Where signatures, seals and dates go on a generated document.
 *
 * Coordinate convention (every box of every document): PDF user-space points (1/72 inch), origin at
 * the bottom-left corner of the page, x to the right, y upwards; `x`/`y` is the box's bottom-left
 * corner; `page` is 1-based. Pages are A4 portrait, 595.28 × 841.89 points. A signing client that
 * draws pages at a width of 595 (spec 002 /applyPdf) can use the numbers as they are after flipping y
 * (`top = pageHeight - y - height`).
 */
export type PageBox = { page: number; x: number; y: number; width: number; height: number }

/** What goes into a box: a seal image, a handwritten signature, or the signing date. */
export type SignFieldKind = 'seal' | 'signature' | 'date'

/**
 * Who fills a box: the unit (its seal), the legal representative, the authorizer of a seal (unit or
 * person), the authorized person (seal user), the operator (经办人), or the applicant of an agreement.
 */
export type Signer = 'unit' | 'legalRepresentative' | 'authorizer' | 'authorized' | 'operator' | 'applicant'

/** One box of a document's {@link LocalConfig}. */
export type SignField = PageBox & {
  /** Stable key within the document, e.g. `sealLocation`, `authorizedSignLocation`. */
  name: string
  kind: SignFieldKind
  signer: Signer
  /** The label printed beside the box, e.g. 法定代表人（签字）. */
  label: string
  /** Spec 001/002 "Signing files … localConfig or position (required true)": signing must fill it. */
  required: boolean
}

/**
 * The signing layout a client receives with a document's fileId (spec 001 §7 agreement and
 * getRenewalDocuments "fileId, localConfig"; spec 002 backlog attachments "localConfigs").
 */
export type LocalConfig = {
  pageCount: number
  pageSize: { width: number; height: number }
  fields: SignField[]
}

/** A generated document: its bytes and where its boxes are. */
export type GeneratedDocument<Positions> = { pdf: Uint8Array; positions: Positions }
