import type { WalletSignInContext } from '../../auth/siwe/context.js'
import type { WalletSignInOptions } from '../types.js'
import type { WalletEngineDeps } from './deps.js'
import { updateFlow } from './update-flow.js'

export type SignInMethod = 'siwe' | 'siws'

/** The wire's client fields of one SIWE or SIWS attempt. */
export interface SignInClient {
  walletClientType: string
  connectorType: string
}

/** What SIWE and SIWS need for one attempt; every step reports to the flow unless reset() came first. */
export function signInContext(
  deps: WalletEngineDeps,
  started: number,
  method: SignInMethod,
  signInOptions: WalletSignInOptions,
  client: SignInClient,
  linkedAddress: () => string,
): WalletSignInContext {
  const { options } = deps
  return {
    transport: options.transport,
    page: options.window?.location ?? { host: '', origin: '', pathname: '' },
    intent: signInOptions.intent ?? 'login',
    disableSignup: signInOptions.disableSignup ?? false,
    captchaToken: signInOptions.captchaToken,
    walletClientType: client.walletClientType,
    connectorType: client.connectorType,
    authenticate: (login) => options.authenticate(method, login),
    linked: (dto) => options.accountChanges.linked(dto, method, linkedAddress()),
    step: (status) => updateFlow(deps, started, { status }),
    timeoutMs: deps.timeoutMs,
    now: deps.now,
  }
}
