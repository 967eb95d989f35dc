/** The one error class every Tessera failure uses (docs/wire.md "Errors"). */
import type { ErrorCode } from '../../protocol/index.js'

const kind = Symbol.for('tessera.error')
const docsBase = 'https://tessera.dev/docs/errors'

export interface TesseraErrorOptions {
  code: ErrorCode
  /** Short, user-safe summary; never contains secrets. */
  shortMessage: string
  details?: string
  status?: number
  retryable?: boolean
  cause?: unknown
  /** The API error body's `data` (e.g. the account-transfer nonce). */
  data?: Record<string, unknown>
}

export class TesseraError extends Error {
  override name = 'TesseraError'
  readonly code: ErrorCode
  readonly shortMessage: string
  readonly details: string | undefined
  readonly status: number | undefined
  readonly retryable: boolean
  readonly docsUrl: string
  readonly data: Record<string, unknown> | undefined
  readonly [kind] = true

  constructor(options: TesseraErrorOptions) {
    const docsUrl = `${docsBase}#${options.code}`
    super([options.shortMessage, options.details && `Details: ${options.details}`, `Docs: ${docsUrl}`].filter(Boolean).join('\n'), {
      cause: options.cause,
    })
    this.code = options.code
    this.shortMessage = options.shortMessage
    this.details = options.details
    this.status = options.status
    this.retryable = options.retryable ?? false
    this.docsUrl = docsUrl
    this.data = options.data
  }

  /** A kind check that works across two copies of the bundle, unlike `instanceof`. */
  static is(value: unknown): value is TesseraError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[kind] === true
  }
}
