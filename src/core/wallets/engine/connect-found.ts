import type { DiscoveredWallet } from '../discovery/discover-wallets.js'
import { WALLET_LOOKUP_INTERVAL_MS } from '../constants.js'
import { appChainTable } from '../ethereum/chains.js'
import { connectEthereum } from '../ethereum/connect-ethereum.js'
import { connectSolana } from '../solana/standard-features.js'
import type { ConnectWalletOptions, WalletChain } from '../types.js'
import type { WalletSession } from '../wallet-session.js'
import { withTimeout } from '../with-timeout.js'
import type { WalletEngineDeps } from './deps.js'
import { ethereumSession } from './ethereum-session.js'
import { solanaSession } from './solana-session.js'
import { updateFlow } from './update-flow.js'

/** Asks a found wallet for an account on the chain wanted (Ethereum unless Solana is asked for and offered). */
export async function connectFound(
  deps: WalletEngineDeps,
  started: number,
  found: DiscoveredWallet,
  connectOptions: ConnectWalletOptions,
): Promise<WalletSession> {
  const chain: WalletChain = found.ethereum && (connectOptions.chain !== 'solana' || !found.solana) ? 'ethereum' : 'solana'
  if (chain === 'ethereum' && found.ethereum) {
    const { address, chainId } = await connectEthereum(found.ethereum, {
      chainId: connectOptions.chainId,
      addChain: connectOptions.addChain,
      chains: appChainTable(deps.options.getConfig()),
      timeoutMs: deps.timeoutMs,
      pollIntervalMs: deps.options.pollIntervalMs ?? WALLET_LOOKUP_INTERVAL_MS,
      onPendingRequest: () => updateFlow(deps, started, { pendingRequest: true }),
      onSwitchingChain: () => updateFlow(deps, started, { connection: 'switching_to_supported_chain' }),
    })
    return ethereumSession(deps, found.option, found.ethereum, address, chainId)
  }
  const account = await withTimeout(connectSolana(found.solana!), deps.timeoutMs)
  return solanaSession(deps, found.option, found.solana!, account)
}
