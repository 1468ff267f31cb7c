import * as asn1js from 'asn1js'
import type { RelativeDistinguishedNames } from 'pkijs'
import { oid } from '../pki/oids.ts'

/** A certificate subject as a report shows it. */
export type NameSummary = {
  commonName: string | null
  organization: string | null
  /** 2.5.4.97, e.g. the unit's unified social credit code. */
  organizationIdentifier: string | null
  /** Every attribute by OID (custom ones included, such as a seal's type and code). */
  attributes: Record<string, string>
  /** One line for people: "CN=…, O=…, 2.5.4.97=…". */
  text: string
}

const shortNames: Record<string, string> = {
  [oid.commonName]: 'CN',
  [oid.organization]: 'O',
  [oid.organizationalUnit]: 'OU',
  [oid.country]: 'C',
  [oid.state]: 'ST',
  [oid.locality]: 'L',
  [oid.serialNumber]: 'SERIALNUMBER',
  [oid.organizationIdentifier]: 'organizationIdentifier',
}

/**
 * Reads a distinguished name's attributes as text. Values that are not strings are shown as hex.
 *
 * @example
 * describeName(certificate.subject).organizationIdentifier // '91110108MA01ABCDEN'
 */
export function describeName(name: RelativeDistinguishedNames): NameSummary {
  const attributes: Record<string, string> = {}
  const parts: string[] = []
  for (const { type, value } of attributesOf(name)) {
    const text = attributeText(value)
    attributes[type] = attributes[type] === undefined ? text : `${attributes[type]}, ${text}`
    parts.push(`${shortNames[type] ?? type}=${text}`)
  }
  return {
    commonName: attributes[oid.commonName] ?? null,
    organization: attributes[oid.organization] ?? null,
    organizationIdentifier: attributes[oid.organizationIdentifier] ?? null,
    attributes,
    text: parts.join(', '),
  }
}

/**
 * A name as a person reads it: the common name, with the organisation after it when it adds something;
 * the full attribute line only when the name has neither.
 *
 * @example
 * readableName(describeName(tsa.subject)) // '电子印章服务 时间戳（沙箱）（电子印章服务平台）'
 */
export function readableName(name: NameSummary): string {
  const { commonName, organization } = name
  if (commonName && organization && !commonName.includes(organization)) return `${commonName}（${organization}）`
  return commonName ?? organization ?? name.text
}

/**
 * The name's attributes with their OIDs read from the DER: asn1js prints arcs beyond 2^53 (UUID OIDs
 * under 2.25) in a form of its own, so the type strings pkijs keeps cannot serve as keys.
 */
function attributesOf(name: RelativeDistinguishedNames): { type: string; value: asn1js.AsnType }[] {
  const der = name.valueBeforeDecode.byteLength > 0 ? name.valueBeforeDecode : name.toSchema().toBER()
  const parsed = asn1js.fromBER(der).result
  if (!(parsed instanceof asn1js.Sequence)) return name.typesAndValues
  const found: { type: string; value: asn1js.AsnType }[] = []
  for (const rdn of parsed.valueBlock.value) {
    if (!(rdn instanceof asn1js.Set)) continue
    for (const pair of rdn.valueBlock.value) {
      const [type, value] = pair instanceof asn1js.Sequence ? pair.valueBlock.value : []
      if (type instanceof asn1js.ObjectIdentifier && value) found.push({ type: oidText(type.valueBeforeDecodeView), value })
    }
  }
  return found
}

/** Dotted decimal of an encoded OBJECT IDENTIFIER (tag, length, content), with arcs of any size. */
export function oidText(tlv: Uint8Array): string {
  let at = 1
  let length = tlv[at++] ?? 0
  if (length & 0x80) {
    const count = length & 0x7f
    length = 0
    for (let i = 0; i < count; i++) length = length * 256 + (tlv[at++] ?? 0)
  }
  const arcs: bigint[] = []
  let value = 0n
  for (let i = at; i < at + length; i++) {
    const byte = tlv[i] ?? 0
    value = (value << 7n) | BigInt(byte & 0x7f)
    if (!(byte & 0x80)) {
      arcs.push(value)
      value = 0n
    }
  }
  const first = arcs[0] ?? 0n
  const root = first < 40n ? 0n : first < 80n ? 1n : 2n
  return [root, first - root * 40n, ...arcs.slice(1)].join('.')
}

function attributeText(value: asn1js.AsnType): string {
  const block = (value as { valueBlock?: { value?: unknown; valueHexView?: Uint8Array } }).valueBlock
  if (typeof block?.value === 'string') return block.value
  return Buffer.from(block?.valueHexView ?? new Uint8Array(0)).toString('hex')
}
