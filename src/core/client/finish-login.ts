import type { AuthenticatedUserDto } from '../../protocol/index.js'
import { oauthTokensFromDto } from '../auth/oauth/provider-tokens.js'
import type { LoginMethodName } from '../types.js'
import type { User } from '../user/types.js'
import type { ClientRuntime } from './runtime.js'

/** Stores a sign-in's session, remembers its method and announces it (with the provider's tokens, if any). */
export async function finishLogin(runtime: ClientRuntime, loginMethod: LoginMethodName, response: AuthenticatedUserDto): Promise<User> {
  const { ethereum, solana } = runtime.config.get().config.embeddedWallets
  // The wallet code must hear this login to show 'Creating your wallet' at once.
  if (ethereum.createOnLogin !== 'off' || solana.createOnLogin !== 'off') await runtime.embeddedWallets.load()
  const user = await runtime.session.storeLogin(response)
  await runtime.recentLoginMethod.remember(loginMethod)
  runtime.events.emit('login', { user, isNewUser: response.is_new_user ?? false, loginMethod })
  if (response.oauth_tokens) runtime.events.emit('oauthTokens', { oAuthTokens: oauthTokensFromDto(response.oauth_tokens), user })
  return user
}
