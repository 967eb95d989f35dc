/** `client.auth.oauth`: sign-in through OAuth providers, by redirect or popup. */
import type { OAuthProvider } from '../../../protocol/index.js'
import type { OAuthFlowState, OAuthStartOptions } from '../../types.js'
import type { User } from '../../user/types.js'
import type { StateMembers } from '../login-method.js'

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
