import type { MiddlewareHandler } from 'hono'
import { invalidData } from './api-error.js'

/** Refuses a NUL character anywhere in the URL (path parameters and queries reach PostgreSQL text, which cannot hold one). */
export const refuseNulInUrl: MiddlewareHandler = async (c, next) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/%00|\u0000/i.test(c.req.url)) throw invalidData('The request URL must not contain NUL characters')
  await next()
}
