import type { Context } from 'hono'
import { isOriginAllowed } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import { invalidWalletSignature } from './wallet-nonces.js'

/** The request's Origin, which must be one of the app's: the domain a wallet message must name. */
export function requestOrigin(c: Context, app: AppRecord): URL {
  const origin = c.req.header('origin')
  if (!origin || !isOriginAllowed(origin, app.allowedOrigins)) throw invalidWalletSignature("The request must come from one of the app's origins")
  return new URL(origin)
}

/** A message's `uri`: on one of the app's origins, and https unless it is a local development host. */
export function assertMessageUri(app: AppRecord, uri: string): void {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    throw invalidWalletSignature('The message URI is not a URL')
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]'
  if (!isOriginAllowed(url.origin, app.allowedOrigins)) throw invalidWalletSignature("The message URI is not one of the app's origins")
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) throw invalidWalletSignature('The message URI must use https')
}

/** Issued at most 10 minutes ago and not in the future (a minute of clock skew allowed). */
export function assertIssuedRecently(issuedAtMs: number, nowMs: number): void {
  if (!Number.isFinite(issuedAtMs)) throw invalidWalletSignature('The message has no valid issued-at time')
  if (issuedAtMs > nowMs + 60_000) throw invalidWalletSignature('The message was issued in the future')
  if (nowMs - issuedAtMs > 10 * 60 * 1000) throw invalidWalletSignature('The message is too old')
}
