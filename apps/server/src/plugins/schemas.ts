import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * The response schema of an envelope around `data`, for the OpenAPI document and serialisation.
 * A business failure answers HTTP 200 too, with `data: null`, so null is always allowed.
 */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ resultStatus: z.string(), responseInfo: z.string(), data: data.nullable() })

type SchemaTransform = typeof jsonSchemaTransform
type ContentBody = { content: Record<string, { schema: unknown }> }
const isContentBody = (body: unknown): body is ContentBody => typeof body === 'object' && body !== null && 'content' in body && !(body instanceof z.ZodType)

/**
 * The zod type provider's OpenAPI transform, plus request bodies given per media type
 * (`body: { content: { 'application/json': { schema }, 'application/pdf': { schema } } }`), which Fastify
 * validates by the request's content type and @fastify/swagger documents, but the provider's transform
 * does not convert. Each media type's schema is converted as a body of its own.
 */
export const openApiSchemaTransform: SchemaTransform = (document) => {
  const body = (document.schema as { body?: unknown } | undefined)?.body
  if (!isContentBody(body)) return jsonSchemaTransform(document)
  const transformed = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: undefined } })
  const content = Object.fromEntries(
    Object.entries(body.content).map(([mediaType, { schema }]) => {
      const converted = jsonSchemaTransform({ ...document, schema: { body: schema } }).schema as { body: unknown }
      return [mediaType, { schema: converted.body }]
    }),
  )
  return { ...transformed, schema: { ...transformed.schema, body: { content } } }
}
