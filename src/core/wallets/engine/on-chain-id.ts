import type { EthereumSession } from '../wallet-session.js'
import type { WalletEngineDeps } from './deps.js'
import { publishConnected } from './publish-connected.js'
import { updateWallet } from './update-wallet.js'

/** The wallet answered that it is on `chainId` now. */
export function onChainId(deps: WalletEngineDeps, session: EthereumSession, chainId: number) {
  if (session.wallet.chainId === `eip155:${chainId}`) return
  updateWallet(deps, session, { chainId: `eip155:${chainId}` })
  publishConnected(deps)
}
