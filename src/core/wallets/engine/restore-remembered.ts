import type { DiscoveredWallet } from '../discovery/discover-wallets.js'
import { readChainId } from '../ethereum/connect-ethereum.js'
import type { RememberedConnection } from '../remembered-connections.js'
import { connectSolana } from '../solana/standard-features.js'
import type { WalletSession } from '../wallet-session.js'
import { withTimeout } from '../with-timeout.js'
import { addSession } from './add-session.js'
import type { WalletEngineDeps } from './deps.js'
import { ethereumSession } from './ethereum-session.js'
import { sameAddress } from './same-address.js'
import { solanaSession } from './solana-session.js'

/** Remembered connections come back only if the wallet still grants this site that account, asked silently. */
async function restore(deps: WalletEngineDeps, entry: RememberedConnection, found: DiscoveredWallet): Promise<WalletSession | null> {
  if (found.ethereum) {
    const accounts = await withTimeout(found.ethereum.request({ method: 'eth_accounts' }), deps.timeoutMs)
    const address = Array.isArray(accounts)
      ? accounts.find((account): account is string => typeof account === 'string' && sameAddress(account, entry.address))
      : undefined
    return address ? ethereumSession(deps, found.option, found.ethereum, address, await withTimeout(readChainId(found.ethereum), deps.timeoutMs)) : null
  }
  if (found.solana) {
    const account = found.solana.accounts.find((candidate) => candidate.address === entry.address) ?? (await connectSolana(found.solana, true))
    return account.address === entry.address ? solanaSession(deps, found.option, found.solana, account) : null
  }
  return null
}

/** Brings back the remembered connections whose wallet has been discovered; a wallet that refuses is forgotten. */
export async function restoreRemembered(deps: WalletEngineDeps) {
  const { state } = deps
  const isConnected = (walletClientType: string) => state.sessions.some(({ wallet }) => wallet.walletClientType === walletClientType)
  for (const entry of state.stored) {
    const found = state.discovery?.find(entry.walletClientType)
    if (!found || state.restoring.has(entry.walletClientType) || isConnected(entry.walletClientType)) continue
    state.restoring.add(entry.walletClientType)
    const session = await restore(deps, entry, found).catch(() => null)
    if (session && !isConnected(entry.walletClientType)) addSession(deps, session)
    else if (!session) {
      state.stored = state.stored.filter((candidate) => candidate !== entry)
      void deps.remembered.save(state.stored)
    }
  }
}
