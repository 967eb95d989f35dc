import type { User } from '../../user/types.js'
import type { ConnectWalletOptions, WalletSignInOptions } from '../types.js'
import { connect } from './connect.js'
import type { WalletEngineDeps } from './deps.js'
import { signIn } from './sign-in.js'

export async function connectAndSignIn(
  deps: WalletEngineDeps,
  walletId: string,
  connectOptions: ConnectWalletOptions & Omit<WalletSignInOptions, 'intent'> = {},
): Promise<User> {
  const wallet = await connect(deps, walletId, connectOptions)
  return signIn(deps, wallet, { ...connectOptions, intent: connectOptions.intent === 'link' ? 'link' : 'login' })
}
