import type { AuthenticatedUserDto, LoginMfaRequiredResponse } from '../../protocol/index.js'
import type { LoginMethodName } from '../types.js'
import type { User } from '../user/types.js'
import { finishLogin } from './finish-login.js'
import type { ClientRuntime } from './runtime.js'

/** A first factor's answer holding a pending sign-in (src/protocol/mfa-auth.ts); here so the first load keeps none of that module. */
const isLoginMfaRequired = (body: AuthenticatedUserDto | LoginMfaRequiredResponse): body is LoginMfaRequiredResponse => 'mfa_required' in body

/** Runs a first factor; a user with sign-in MFA gets no session from it: the sign-in MFA code keeps it and rejects. */
export async function signIn(runtime: ClientRuntime, loginMethod: LoginMethodName, login: () => Promise<AuthenticatedUserDto>): Promise<User> {
  const response: AuthenticatedUserDto | LoginMfaRequiredResponse = await login()
  return isLoginMfaRequired(response) ? (await runtime.loginMfa.code.load()).require(loginMethod, response) : finishLogin(runtime, loginMethod, response)
}
