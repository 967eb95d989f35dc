/**
 * Sign-in MFA (issue 16; src/protocol/mfa-auth.ts): a sign-in whose user enrolled an authenticator app answers
 * `mfa_required` and a single-use token instead of a session; `verify` sends the code with that token and finishes
 * the sign-in. The token stays in this closure, never in the watchable state.
 */
import { mfaAuthRoutes, type AuthenticatedUserDto, type LoginMfaRequiredResponse, type UserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { LoginMethodName } from '../types.js'
import type { User } from '../../user/types.js'
import type { Store } from '../../utils/store.js'
import { initialLoginMfaState, type LoginMfaApi, type LoginMfaState } from './types.js'

export interface LoginMfaDeps {
  state: Store<LoginMfaState>
  transport: Transport
  isAuthenticated(): boolean
  /** Stores the issued session and announces the login, as the first factor would have. */
  finishLogin(loginMethod: LoginMethodName, response: AuthenticatedUserDto): Promise<User>
  session: { replaceUser(dto: UserDto): Promise<User>; fetchUser(): Promise<User | null> }
}

export interface LoginMfa extends LoginMfaApi {
  /** Keeps a first factor's pending sign-in for `verify`, and rejects the sign-in with code `mfa_required`. */
  require(loginMethod: LoginMethodName, response: LoginMfaRequiredResponse): never
}

/** The first factor passed and the user has sign-in MFA: `client.loginMfa.verify(code)` finishes the sign-in. */
const loginMfaRequiredError = () => new TesseraError({ code: 'mfa_required', shortMessage: 'Enter the code from your authenticator app to finish signing in' })

export function createLoginMfa(deps: LoginMfaDeps): LoginMfa {
  const { state, transport } = deps
  let pending: { loginMethod: LoginMethodName; token: string } | null = null

  const signedIn = () => {
    if (!deps.isAuthenticated()) throw mustBeAuthenticatedError()
  }
  const cancel = () => {
    pending = null
    state.set(initialLoginMfaState)
  }

  async function verify(code: string): Promise<void> {
    if (!pending) {
      signedIn()
      await transport.request(mfaAuthRoutes.totpVerify, { body: { code }, auth: true })
      return
    }
    const { loginMethod, token } = pending
    const response = await transport.request(mfaAuthRoutes.totpLoginVerify, { body: { code, login_mfa_token: token } })
    cancel()
    await deps.finishLogin(loginMethod, response)
  }

  return {
    getState: state.get,
    watch: state.watch,
    require(loginMethod, response) {
      pending = { loginMethod, token: response.login_mfa_token }
      state.set({ status: 'required', methods: response.mfa_methods })
      throw loginMfaRequiredError()
    },
    verify,
    cancel,
    async initEnrollment() {
      signedIn()
      return transport.request(mfaAuthRoutes.totpInit, { body: {}, auth: true })
    },
    async enroll(code) {
      signedIn()
      return deps.session.replaceUser(await transport.request(mfaAuthRoutes.totpEnroll, { body: { code }, auth: true }))
    },
    async unenroll() {
      signedIn()
      await transport.request(mfaAuthRoutes.totpUnenroll, { body: {}, auth: true })
      const user = await deps.session.fetchUser()
      if (!user) throw mustBeAuthenticatedError()
      return user
    },
  }
}
