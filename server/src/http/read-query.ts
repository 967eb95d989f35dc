import type { z } from 'zod'
import { invalidData } from './api-error.js'

/** Parses the query string against `schema`; a mismatch is 400 invalid_data naming the parameter. */
export function readQuery<Schema extends z.ZodType>(query: Record<string, string>, schema: Schema): z.infer<Schema> {
  const result = schema.safeParse(query)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw invalidData(`Invalid query: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`)
  }
  return result.data
}
