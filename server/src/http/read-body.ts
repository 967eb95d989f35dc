import type { Context } from 'hono'
import type { z } from 'zod'
import { invalidData } from './api-error.js'

/** Parses the JSON body against `schema`; malformed JSON or a schema mismatch is 400 invalid_data. An empty body counts as `{}`. */
export async function readBody<Schema extends z.ZodType>(c: Context, schema: Schema): Promise<z.infer<Schema>> {
  const text = await c.req.text()
  let json: unknown = {}
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text)
    } catch {
      throw invalidData('Request body is not valid JSON')
    }
  }
  const result = schema.safeParse(json)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    throw invalidData(`Invalid request body: ${where}${issue?.message ?? 'invalid'}`)
  }
  return result.data
}
