/** `client.auth.crossApp`: accounts of other apps on the server (wallet spec, "Screens and routes": "Cross-app"); the flow loads with its first use. */
import type { AuthenticatedUserDto, CrossAppTransactRequestDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import type { TokenStorage } from '../../client-options.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { AccountChanges } from '../../session/types.js'
import type { AccountTimes, User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'
import type { OAuthWindow } from '../oauth/browser-window.js'
import type { StateMembers } from '../state-members.js'
import type { LoginMethodName } from '../types.js'
import type { ProviderWallets } from './provider-wallet.js'

declare module '../types.js' {
  interface LoginMethodNames {
    /** A cross-app account: `privy:<provider app id>` (wallet spec, "Screens and routes": "Cross-app"). */
    crossApp: `privy:${string}`
  }
}

declare module '../../config/types.js' {
  interface LandingMethodNames {
    /** A cross-app provider: the account of another app on the server (wallet spec, "Screens and routes": "Cross-app"). */
    crossApp: `privy:${string}`
  }
}

/** Wallet spec, "States and transitions": "Cross-app request": the provider app's popup, then the code exchange on our server. */
export type CrossAppFlowStatus = 'initial' | 'awaiting-popup' | 'authenticating' | 'done' | 'error'
export interface CrossAppFlowState {
  status: CrossAppFlowStatus
  intent: 'login' | 'link'
  providerAppId: string | null
  error: TesseraError | null
}
/** Wallet spec, "Entities and their fields": "Cross-app connection": a provider app this app's users may connect. */
export interface CrossAppConnection {
  providerAppId: string
  providerAppName: string
  providerAppIconUrl: string | null
  providerAppCustomApiUrl: string | null
  readOnly: boolean
  authorizeUrl: string | null
  transactUrl: string | null
}
/** On the provider's page: the requester's request, read from the popup's address. */
export interface CrossAppAuthorizationRequest {
  requesterAppId: string
  requesterOrigin: string
  stateCode: string
  codeChallenge: string
}
/** On the provider's transact page: the requester's request, read from the popup's address fragment. */
export interface CrossAppTransactRequest {
  requesterAppId: string
  requesterOrigin: string
  stateCode: string
  /** The token this page set at consent; a request without the matching one is answered with `clear`. */
  token: string
  request: CrossAppTransactRequestDto
}
/** A provider app's name and icon (wallet spec, "The calls it makes": "cross-app details"). */
export interface CrossAppProviderDetails {
  appId: string
  name: string
  iconUrl: string | null
}
/** On the provider's page: who is asking (only an app this provider allows). */
export interface CrossAppRequester {
  appId: string
  name: string
  iconUrl: string | null
  readOnly: boolean
}

export interface CrossAppActions {
  /** Signs in with the provider app's account through its popup (opened at once: call it inside a click). */
  login(providerAppId: string): Promise<User>
  /** Links the provider app's account to the signed-in user, through the same popup. */
  link(providerAppId: string): Promise<User>
  unlink(providerAppId: string, subject: string): Promise<User>
  /** The provider apps this app may connect to. */
  getConnections(): Promise<CrossAppConnection[]>
  /** Provider side: the request in this page's address, or null. */
  readAuthorizationRequest(): CrossAppAuthorizationRequest | null
  /** Provider side: the requesting app, refused (`cross_app_connection_not_allowed`) unless allowed. */
  getRequester(request: CrossAppAuthorizationRequest): Promise<CrossAppRequester>
  /**
   * Provider side: the signed-in user consents; the code goes to the opener and the popup closes. For a requester
   * that may transact, the user first gets an embedded Ethereum wallet if none exists (or is being made).
   */
  approve(request: CrossAppAuthorizationRequest): Promise<void>
  /** Provider side: the user declines; the opener hears 'User rejected request' and the popup closes. */
  deny(request: CrossAppAuthorizationRequest): Promise<void>
  /**
   * Asks the provider user's wallet to sign `message` through the provider's transact page (a popup: call it
   * inside a click). `address`: one of the cross-app account's embedded wallets (default its first; another is
   * refused, 'Cannot request a signature with this wallet address'). Refused before any popup for a read-only
   * connection (`cross_app_read_only`).
   */
  signMessage(input: { providerAppId: string; message: string; address?: string }): Promise<{ signature: string }>
  /** The same for EIP-712 typed data (`eth_signTypedData_v4`). */
  signTypedData(input: { providerAppId: string; typedData: Record<string, unknown>; address?: string }): Promise<{ signature: string }>
  /** The same for a transaction, sent by the provider user's wallet and answered with its hash. */
  sendTransaction(input: { providerAppId: string; transaction: Record<string, unknown>; address?: string }): Promise<{ transactionHash: string }>
  /** The same for a transaction signed but not sent, answered with the signed serialized transaction. */
  signTransaction(input: { providerAppId: string; transaction: Record<string, unknown>; address?: string }): Promise<{ signature: string }>
  /** A provider app's name and icon, fetched once per app; null when the request failed (logged). */
  getProviderDetails(providerAppId: string): Promise<CrossAppProviderDetails | null>
  /** The access token the provider app gave the signed-in user at the cross-app login or link, or null. */
  getAccessTokenForProvider(providerAppId: string): Promise<string | null>
  /** Provider side: the transact request in this page's address fragment, or null. */
  readTransactRequest(): Promise<CrossAppTransactRequest | null>
  /**
   * Provider side: the signed-in user consents; the user's embedded wallet carries out the request and the opener
   * hears its answer (or why there is none). `uiOptions.showWalletUIs` (default the app's setting): whether the
   * wallet's own confirmation screen asks again, with its summary, fee and receipt.
   */
  approveTransact(request: CrossAppTransactRequest, options?: { uiOptions?: { showWalletUIs?: boolean } }): Promise<void>
  /** Provider side: the user declines; the opener hears 'User rejected request'. */
  denyTransact(request: CrossAppTransactRequest): Promise<void>
  /** Back to `initial`; a popup still awaited is closed. */
  reset(): void
}

export interface CrossAppApi extends CrossAppActions, StateMembers<CrossAppFlowState> {}

/** The provider app a transact request goes to, and the cross-app account's wallet it names (default its first). */
export interface CrossAppTransactTarget {
  providerAppId: string
  address?: string
}

export interface CrossAppFlowOptions {
  appId: string
  state: Store<CrossAppFlowState>
  transport: Transport
  isAuthenticated(): boolean
  /** The client's one sign-in path: stores the session and announces the login. */
  authenticate(method: LoginMethodName, login: () => Promise<AuthenticatedUserDto>): Promise<User>
  accountChanges: AccountChanges
  /** The client's storage: the tokens providers set (and, on a provider's page, the ones it gave). */
  storage: TokenStorage
  getUser(): User | null
  /** On a provider's page: the user's embedded wallets, which carry out the requests the user approves. */
  embeddedWallets: ProviderWallets
  sendAnalyticsEvent(eventName: string, payload: Record<string, unknown>): Promise<void>
  /** Defaults to the page's `window`. */
  window?: () => OAuthWindow | null
}

export interface CrossAppAccount extends AccountTimes {
  type: 'cross_app'
  subject: string
  embeddedWallets: { address: string }[]
  smartWallets: { address: string }[]
  providerApp: { id: string; name: string | null; logoUrl: string | null }
}

/** Its linked accounts, merged into user/types.ts's (no `User` slot). */
declare module '../../user/types.js' {
  interface LinkedAccounts {
    cross_app: CrossAppAccount
  }
}
