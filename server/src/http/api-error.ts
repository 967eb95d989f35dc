import type { ApiErrorCode } from '../../../src/protocol/index.js'

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 413 | 415 | 422 | 429 | 500 | 503

/** A failure the API reports as `{ error, code }` with `status`; messages never contain secrets. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Machine-readable extras sent as the body's `data` (never secrets). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const invalidData = (message: string) => new ApiError(400, 'invalid_data', message)
export const invalidToken = (message = 'Missing or invalid token') => new ApiError(401, 'missing_or_invalid_token', message)
export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message)
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, 'too_many_requests', 'Too many requests, try again later', { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) })

/** Seconds a client should wait before retrying while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** 503 while the database is out of reach: the reference client retries 503 with backoff; Retry-After says when. */
export const serviceUnavailable = () =>
  new ApiError(503, 'internal_error', 'The service is temporarily unavailable, try again shortly', { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) })
