/**
 * The page-facing half of the announcement, loaded once the app announces and a user with an embedded wallet is
 * signed in: the Ethereum provider answers EIP-6963 requests (mipd's `announceProvider`) and the Solana wallet is
 * registered with the page's wallet-standard apps, each while a wallet of its chain is signed in.
 */
import { announceProvider } from 'mipd'
import { randomUuid } from '../../../utils/random-uuid.js'
import { markAnnouncedByTessera } from '../../discovery/announced-by-tessera.js'
import type { StandardWallet } from '../../discovery/wallet-standard.js'
import type { EmbeddedEthereumProvider } from '../types.js'
import { announcedEthereumProvider } from './announced-ethereum-provider.js'
import type { AnnouncedIdentity } from './identity.js'
import { registerStandardWallet } from './register-standard-wallet.js'

export interface AnnouncedWallets {
  ethereum: EmbeddedEthereumProvider | null
  /** Whether the Solana wallet (bound by the caller to the user's account) is registered. */
  solana: boolean
}

export interface Announcer {
  /** What is announced now: a null chain is taken off the page (its provider says it has no account). */
  update(wallets: AnnouncedWallets): void
  stop(): void
}

/** `win` is the page's global `window`, where mipd announces too; `solanaWallet` is the client's one Solana wallet. */
export function createAnnouncer(win: Window, identity: AnnouncedIdentity, solanaWallet: StandardWallet): Announcer {
  const ethereum = announcedEthereumProvider()
  markAnnouncedByTessera(ethereum.provider)
  // One uuid per page load (EIP-6963): a dapp's store keeps one entry across sign-ins.
  const detail = { info: { uuid: randomUuid(), name: identity.name, icon: identity.icon, rdns: identity.rdns }, provider: ethereum.provider }
  let stopAnnouncing: (() => void) | null = null
  let unregister: (() => void) | null = null

  function update(wallets: AnnouncedWallets) {
    ethereum.bind(wallets.ethereum)
    if (wallets.ethereum && !stopAnnouncing) stopAnnouncing = announceProvider(detail as Parameters<typeof announceProvider>[0])
    if (!wallets.ethereum && stopAnnouncing) {
      stopAnnouncing()
      stopAnnouncing = null
    }
    if (wallets.solana && !unregister) unregister = registerStandardWallet(win, solanaWallet)
    if (!wallets.solana && unregister) {
      unregister()
      unregister = null
    }
  }

  return { update, stop: () => update({ ethereum: null, solana: false }) }
}
