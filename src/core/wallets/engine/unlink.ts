import { mustBeAuthenticatedError } from '../../errors/client-errors.js'
import type { User } from '../../user/types.js'
import type { WalletChain } from '../types.js'
import type { WalletEngineDeps } from './deps.js'
import { publishConnected } from './publish-connected.js'
import { sameAddress } from './same-address.js'
import { updateWallet } from './update-wallet.js'

/** Unlinks the address from the user; its connected wallets stay connected, no longer linked. */
export async function unlink(deps: WalletEngineDeps, address: string, chain: WalletChain): Promise<User> {
  const { options } = deps
  if (!options.isAuthenticated()) throw mustBeAuthenticatedError()
  const user =
    chain === 'ethereum'
      ? await options.accountChanges.unlinked(await (await import('../../auth/siwe/api.js')).unlinkSiwe(options.transport, { address }), 'siwe')
      : await options.accountChanges.unlinked(await (await import('../../auth/siws/api.js')).unlinkSiws(options.transport, { address }), 'siws')
  for (const session of deps.state.sessions) if (sameAddress(session.wallet.address, address)) updateWallet(deps, session, { linked: false })
  publishConnected(deps)
  return user
}
