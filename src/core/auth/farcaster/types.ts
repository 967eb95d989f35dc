/** `client.auth.farcaster`: Sign-In with Farcaster through the server's relay (the code loads on first use). */
import type { AuthMode } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { AccountTimes, User } from '../../user/types.js'
import type { StateMembers } from '../state-members.js'

declare module '../types.js' {
  interface LoginMethodNames {
    farcaster: 'farcaster'
  }
}

declare module '../../config/types.js' {
  interface LandingMethodNames {
    farcaster: 'farcaster'
  }
}

/**
 * Farcaster (sign-in spec, "States and transitions"): a relay channel opens (`starting`), the Farcaster app signs the message its connect URI
 * describes (`awaiting-signature`, polled every 2 s, 120 s at most), then the client signs in or links.
 */
export type FarcasterFlowStatus = 'initial' | 'starting' | 'awaiting-signature' | 'authenticating' | 'done' | 'error'
export interface FarcasterFlowState {
  status: FarcasterFlowStatus
  intent: 'login' | 'link'
  /** What the QR code, 'Copy link' and the open-app button carry while awaiting the signature. */
  connectUri: string | null
  error: TesseraError | null
}
export interface FarcasterLoginOptions {
  mode?: AuthMode
  captchaToken?: string
}
/** Farcaster signer (wallet spec, "States and transitions"): the key awaits the user's approval in the Farcaster app at `signerApprovalUrl`. */
export interface FarcasterSignerPendingApproval {
  publicKey: string
  signerApprovalUrl: string
}
export interface FarcasterSignerRequestOptions {
  /** Called once while the key awaits approval, with the link to open (show it as a link or QR code). */
  onPendingApproval?(approval: FarcasterSignerPendingApproval): void
  /** Stops polling ('client_request_aborted'). */
  signal?: AbortSignal
}
/** The key is on the user's fid in the KeyRegistry; the account's `signer_public_key` now names it. */
export interface FarcasterSignerApproved {
  status: 'approved'
  publicKey: string
  fid: number
}

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

export interface FarcasterAccount extends AccountTimes {
  type: 'farcaster'
  fid: number
  ownerAddress: string
  displayName: string | null
  username: string | null
  bio: string | null
  pfp: string | null
  url: string | null
  signerPublicKey: string | null
}

/** Its linked accounts, and the user's slot for the first of each, merged into user/types.ts's. */
declare module '../../user/types.js' {
  interface LinkedAccounts {
    farcaster: FarcasterAccount
  }
  interface User {
    farcaster?: FarcasterAccount
  }
}

/** Its accounts move to the signed-in user on `account_transfer_required` (`client.transferAccount`). */
declare module '../transfer/types.js' {
  interface TransferLinkMethods {
    farcaster: 'farcaster'
  }
}
