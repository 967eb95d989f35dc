import type { StandardWallet, StandardWalletAccount } from '../discovery/wallet-standard.js'
import { watchSolanaAccounts } from '../solana/standard-features.js'
import type { WalletOption } from '../types.js'
import type { SolanaSession } from '../wallet-session.js'
import type { WalletEngineDeps } from './deps.js'
import { disconnectSession } from './disconnect-session.js'
import { publishConnected } from './publish-connected.js'
import { linkedToUser, sessionWallet } from './session-wallet.js'
import { updateWallet } from './update-wallet.js'

/** Solana's mainnet as CAIP-2 (`solana:` + the genesis hash prefix). */
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** Follows the wallet's account changes for one Wallet Standard session. */
export function solanaSession(deps: WalletEngineDeps, option: WalletOption, solana: StandardWallet, account: StandardWalletAccount): SolanaSession {
  const wallet = sessionWallet(deps, option, { address: account.address, chain: 'solana', chainId: SOLANA_MAINNET }) as SolanaSession['wallet']
  const session: SolanaSession = { wallet, connectedAt: deps.now().getTime(), chain: 'solana', solana, account, stop: () => {} }
  session.stop = watchSolanaAccounts(solana, (accounts) => {
    const next = accounts.find((candidate) => candidate.chains.some((chain) => chain.startsWith('solana:')))
    if (!next) return disconnectSession(deps, session)
    if (next.address === session.wallet.address) return
    session.account = next
    updateWallet(deps, session, { address: next.address, linked: linkedToUser(deps, next.address) })
    publishConnected(deps)
  })
  return session
}
