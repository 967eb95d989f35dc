import type { Eip1193Provider } from '../ethereum/eip1193.js'
import type { WalletOption } from '../types.js'
import type { EthereumSession } from '../wallet-session.js'
import type { WalletEngineDeps } from './deps.js'
import { disconnectSession } from './disconnect-session.js'
import { onChainId } from './on-chain-id.js'
import { publishConnected } from './publish-connected.js'
import { sameAddress } from './same-address.js'
import { linkedToUser, sessionWallet } from './session-wallet.js'
import { updateWallet } from './update-wallet.js'

/** Follows the wallet's own account, chain and disconnect events for one EIP-1193 session. */
export function ethereumSession(deps: WalletEngineDeps, option: WalletOption, provider: Eip1193Provider, address: string, chainId: number): EthereumSession {
  const wallet = sessionWallet(deps, option, { address, chain: 'ethereum', chainId: `eip155:${chainId}` }) as EthereumSession['wallet']
  const session: EthereumSession = { wallet, connectedAt: deps.now().getTime(), chain: 'ethereum', provider, stop: () => {} }
  const onAccounts = (accounts: unknown) => {
    const next = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null
    if (!next) return disconnectSession(deps, session)
    if (sameAddress(next, session.wallet.address)) return
    updateWallet(deps, session, { address: next, linked: linkedToUser(deps, next) })
    publishConnected(deps)
  }
  const onChain = (chain: unknown) => {
    const id = Number.parseInt(String(chain), String(chain).startsWith('0x') ? 16 : 10)
    if (Number.isSafeInteger(id)) onChainId(deps, session, id)
  }
  const onDisconnect = () => disconnectSession(deps, session)
  provider.on?.('accountsChanged', onAccounts)
  provider.on?.('chainChanged', onChain)
  provider.on?.('disconnect', onDisconnect)
  session.stop = () => {
    provider.removeListener?.('accountsChanged', onAccounts)
    provider.removeListener?.('chainChanged', onChain)
    provider.removeListener?.('disconnect', onDisconnect)
  }
  return session
}
