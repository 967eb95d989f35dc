/** The database cannot be reached or answered too late: the request may be retried (HTTP 503 with Retry-After). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable', { cause })
    this.name = 'DatabaseUnavailableError'
  }
}

// Socket failures while connecting or talking to PostgreSQL.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])
// SQLSTATEs of a server going away or over its limits: shut down, crashed, starting, too many connections, statement time-out.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014'])
// node-postgres and PGlite raise these as plain errors without a code.
const UNAVAILABLE_MESSAGES = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is closed$/,
]

/** Whether `error` says the database is out of reach (rather than that the query or its data is wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable)
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))
}

/** Runs a database call, turning an out-of-reach database into a DatabaseUnavailableError. */
export async function guardAvailability<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw isDatabaseUnavailable(error) ? new DatabaseUnavailableError(error) : error
  }
}
