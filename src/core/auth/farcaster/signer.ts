/**
 * Farcaster signer (wallet spec, "States and transitions"), loaded on first use: asks the signed-in user's Farcaster account to add an
 * ed25519 key (the embedded wallet's Farcaster signer, so the app can sign Farcaster messages for the user), then
 * polls its status every 2 s: approved resolves, revoked is 'Request rejected', 300 s is 'Connect failed'.
 */
import { FARCASTER_SIGNER_POLL_INTERVAL_MS, FARCASTER_SIGNER_TIMEOUT_MS, type FarcasterSignerStatusResponse } from '../../../protocol/index.js'
import { farcasterSignerStatus, initFarcasterSigner } from './api.js'
import type { Transport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { mustBeAuthenticatedError, toTesseraError } from '../../errors/client-errors.js'
import type { FarcasterSignerApproved, FarcasterSignerRequestOptions } from './types.js'
import type { EmbeddedWalletsApi } from '../../wallets/embedded/types.js'
import { abortableSleep } from './abortable-sleep.js'

export interface FarcasterSignerOptions {
  transport: Transport
  isAuthenticated(): boolean
  /** Reloads the user once approved: the server has set the Farcaster account's `signer_public_key`. */
  refreshUser(): Promise<unknown>
  /** The client's lazily loaded embedded wallets: their Farcaster signer key is the one asked for when `requestSigner` gets none. */
  embeddedWallets?: { load(): Promise<Pick<EmbeddedWalletsApi, 'getFarcasterSignerPublicKey'>> }
  pollIntervalMs?: number
  timeoutMs?: number
}

/** Wallet spec, "The error catalogue": "Farcaster signer". */
const CONNECT_FAILED = 'Connect failed'
export const farcasterSignerRejectedError = () => new TesseraError({ code: 'unable_to_sign', shortMessage: 'Request rejected' })
export const farcasterSignerTimeoutError = () =>
  new TesseraError({ code: 'client_request_timeout', shortMessage: CONNECT_FAILED, details: 'The request timed out. Try again.', retryable: true })
/** The key comes from the embedded wallet: without one there is nothing to approve. */
export const farcasterSignerMissingKeyError = () =>
  new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: CONNECT_FAILED, details: 'No ed25519 public key to add as a Farcaster signer' })

export function createFarcasterSigner(options: FarcasterSignerOptions) {
  const { transport } = options
  const pollIntervalMs = options.pollIntervalMs ?? FARCASTER_SIGNER_POLL_INTERVAL_MS
  const timeoutMs = options.timeoutMs ?? FARCASTER_SIGNER_TIMEOUT_MS

  /** Approved → the result; revoked → 'Request rejected'; pending → undefined (poll again). */
  async function settle(answer: FarcasterSignerStatusResponse): Promise<FarcasterSignerApproved | undefined> {
    if (answer.status === 'revoked') throw farcasterSignerRejectedError()
    if (answer.status !== 'approved') return undefined
    await options.refreshUser()
    return { status: 'approved', publicKey: answer.public_key, fid: answer.fid }
  }

  async function requestSigner(explicitKey?: string | null, requestOptions: FarcasterSignerRequestOptions = {}): Promise<FarcasterSignerApproved> {
    try {
      const publicKey = explicitKey === undefined ? await (await options.embeddedWallets?.load())?.getFarcasterSignerPublicKey() : explicitKey
      if (!publicKey) throw farcasterSignerMissingKeyError()
      if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
      const signal = requestOptions.signal ?? new AbortController().signal
      const deadline = Date.now() + timeoutMs
      const body = { ed25519_public_key: publicKey }
      const init = await initFarcasterSigner(transport, body)
      const early = await settle(init)
      if (early) return early
      if (init.status === 'pending_approval' && init.signer_approval_url) {
        requestOptions.onPendingApproval?.({ publicKey: init.public_key, signerApprovalUrl: init.signer_approval_url })
      }
      for (;;) {
        if (Date.now() + pollIntervalMs > deadline) throw farcasterSignerTimeoutError()
        await abortableSleep(pollIntervalMs, signal)
        const approved = await settle(await farcasterSignerStatus(transport, body, signal))
        if (approved) return approved
      }
    } catch (caught) {
      throw toTesseraError(caught)
    }
  }

  return { requestSigner }
}
