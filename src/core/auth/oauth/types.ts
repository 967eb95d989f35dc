/** `client.auth.oauth`: sign-in through OAuth providers, by redirect or popup. */
import type { AuthenticatedUserDto, OAuthProvider } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { AccountTimes, User } from '../../user/types.js'
import type { StateMembers } from '../state-members.js'
import type { Transport } from '../../api/transport.js'
import type { AccountChanges } from '../../session/types.js'
import type { Store } from '../../utils/store.js'
import type { OAuthWindow } from './browser-window.js'

declare module '../types.js' {
  interface LoginMethodNames {
    oauth: OAuthProvider
  }
}

declare module '../../config/types.js' {
  interface LandingMethodNames {
    oauth: OAuthProvider
  }
}

/** OAuth states: a redirect leaves the page; a popup is awaited; the return is exchanged for a session. */
export type OAuthFlowStatus = 'initial' | 'redirecting' | 'awaiting-popup' | 'authenticating' | 'done' | 'error'
export interface OAuthFlowState {
  status: OAuthFlowStatus
  provider: OAuthProvider | null
  intent: 'login' | 'link'
  error: TesseraError | null
  /** Started by a hook rather than the modal: after a redirect return the modal stays closed. */
  headless: boolean
}

export interface OAuthStartOptions {
  intent?: 'login' | 'link'
  /** Popup (440×680) instead of a full-page redirect; default false. */
  popup?: boolean
  /** Where the provider returns; default the current page without its query. Must be on the app's redirect list. */
  redirectUrl?: string
  disableSignup?: boolean
  captchaToken?: string
  /** Started by a hook, not the modal (kept across the redirect). */
  headless?: boolean
}

export interface OAuthActions {
  /** Redirect: resolves never (the page leaves). Popup: resolves with the user once signed in or linked. */
  start(provider: OAuthProvider, options?: OAuthStartOptions): Promise<User>
  /**
   * Run on page load (the client does it once by itself): completes a redirect return, or, inside a
   * popup, posts the return to the opener and closes. Null when the address holds no OAuth return.
   */
  handleReturn(): Promise<User | null>
  unlink(provider: OAuthProvider, subject: string): Promise<User>
  reset(): void
}

export interface OAuthApi extends OAuthActions, StateMembers<OAuthFlowState> {}

export interface OAuthFlowOptions {
  appId: string
  state: Store<OAuthFlowState>
  transport: Transport
  isAuthenticated(): boolean
  /** The client's one sign-in path: stores the session and announces the login. */
  authenticate(provider: OAuthProvider, login: () => Promise<AuthenticatedUserDto>): Promise<User>
  /** Stores the user a link or unlink answered with and announces the change. */
  accountChanges: AccountChanges
  sendAnalyticsEvent(eventName: string, payload: Record<string, unknown>): Promise<void>
  /** Defaults to the page's `window`. */
  window?: () => OAuthWindow | null
  now?: () => number
}

export interface GoogleAccount extends AccountTimes {
  type: 'google_oauth'
  subject: string
  email: string | null
  name: string | null
}
export interface SpotifyAccount extends AccountTimes {
  type: 'spotify_oauth'
  subject: string
  email: string | null
  name: string | null
}
export interface AppleAccount extends AccountTimes {
  type: 'apple_oauth'
  subject: string
  email: string | null
}
export interface InstagramAccount extends AccountTimes {
  type: 'instagram_oauth'
  subject: string
  username: string | null
}
export interface TwitterAccount extends AccountTimes {
  type: 'twitter_oauth'
  subject: string
  username: string | null
  name: string | null
  profilePictureUrl: string | null
}
export interface DiscordAccount extends AccountTimes {
  type: 'discord_oauth'
  subject: string
  username: string | null
  email: string | null
}
export interface GithubAccount extends AccountTimes {
  type: 'github_oauth'
  subject: string
  username: string | null
  name: string | null
  email: string | null
}
export interface TiktokAccount extends AccountTimes {
  type: 'tiktok_oauth'
  subject: string
  username: string | null
  name: string | null
}
export interface LineAccount extends AccountTimes {
  type: 'line_oauth'
  subject: string
  name: string | null
  email: string | null
  profilePictureUrl: string | null
}
export interface LinkedInAccount extends AccountTimes {
  type: 'linkedin_oauth'
  subject: string
  name: string | null
  email: string | null
  vanityName: string | null
}

/** Its linked accounts, and the user's slot for the first of each, merged into user/types.ts's. */
declare module '../../user/types.js' {
  interface LinkedAccounts {
    google_oauth: GoogleAccount
    spotify_oauth: SpotifyAccount
    apple_oauth: AppleAccount
    instagram_oauth: InstagramAccount
    twitter_oauth: TwitterAccount
    discord_oauth: DiscordAccount
    github_oauth: GithubAccount
    tiktok_oauth: TiktokAccount
    line_oauth: LineAccount
    linkedin_oauth: LinkedInAccount
  }
  interface User {
    google?: GoogleAccount
    spotify?: SpotifyAccount
    apple?: AppleAccount
    instagram?: InstagramAccount
    twitter?: TwitterAccount
    discord?: DiscordAccount
    github?: GithubAccount
    tiktok?: TiktokAccount
    line?: LineAccount
    linkedin?: LinkedInAccount
  }
}

/** Its accounts move to the signed-in user on `account_transfer_required` (`client.transferAccount`). */
declare module '../transfer/types.js' {
  interface TransferLinkMethods {
    oauth: OAuthProvider
  }
}
