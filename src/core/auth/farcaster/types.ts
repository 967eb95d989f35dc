/** `client.auth.farcaster`: Sign-In with Farcaster through the server's relay (the code loads on first use). */
import type { FarcasterFlowState, FarcasterLoginOptions, FarcasterSignerApproved, FarcasterSignerRequestOptions } from '../../types.js'
import type { User } from '../../user/types.js'
import type { StateMembers } from '../login-method.js'

export interface FarcasterActions {
  /** Opens a channel, waits for the Farcaster app's signature (2 s polls, 120 s), then signs in. */
  login(options?: FarcasterLoginOptions): Promise<User>
  /** The same, linking the Farcaster account to the signed-in user. */
  link(options?: Pick<FarcasterLoginOptions, 'captchaToken'>): Promise<User>
  unlink(fid: number): Promise<User>
  /** Stops polling and goes back to `initial` (the modal calls it on close). */
  reset(): void
  /**
   * Asks the signed-in user's Farcaster account to add `publicKey` (0x hex of a 32-byte ed25519 key; omitted: the
   * embedded wallet's Farcaster signer key, which never leaves the wallet frame) and polls every 2 s: resolves once
   * approved, 'Request rejected' when revoked, 'Connect failed' after 300 s or without a key.
   */
  requestSigner(publicKey?: string | null, options?: FarcasterSignerRequestOptions): Promise<FarcasterSignerApproved>
  /** Farcaster v2 (mini apps): a nonce for the host app's Sign-In with Farcaster message, and its expiry (ISO 8601). */
  initV2(captchaToken?: string): Promise<{ nonce: string; expiresAt: string }>
  /** Signs in with the SIWF message the mini app host's wallet signed (`fid` default: the message's fid resource). */
  loginV2(input: { message: string; signature: string; fid?: number }): Promise<User>
}

export interface FarcasterApi extends FarcasterActions, StateMembers<FarcasterFlowState> {}
