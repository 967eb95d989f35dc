/**
 * Announces the signed-in user's primary embedded wallets to the page's dapps while the app's `announceWallets` is on
 * (EIP-6963 for Ethereum, wallet-standard for Solana); the announcing code loads the first time there is one to make.
 * The Solana wallet-standard wallet is one object per client, also handed to the app (`getSolanaStandardWallet`):
 * once made, its account follows the signed-in user whether or not it is registered.
 */
import type { EffectiveConfig } from '../../../config/types.js'
import type { Listener, Unsubscribe } from '../../../listener.js'
import type { Store } from '../../../utils/store.js'
import type { StandardWallet } from '../../discovery/wallet-standard.js'
import type { EmbeddedEthereumProvider, EmbeddedSolanaProvider, EmbeddedWallet, EmbeddedWalletsState } from '../types.js'
import type { AnnouncedSolanaWallet } from './announced-solana-wallet.js'
import type { Announcer } from './announcer.js'
import { announcedIdentity } from './identity.js'

export interface AnnouncementDeps {
  /** The page's global `window`; null outside a browser (nothing is announced). */
  window: Window | null
  getConfig(): EffectiveConfig
  watchConfig(listener: Listener<unknown>): Unsubscribe
  state: Store<EmbeddedWalletsState>
  getEthereumProvider(address: string): Promise<EmbeddedEthereumProvider>
  getSolanaProvider(address: string): Promise<EmbeddedSolanaProvider>
}

export interface Announcements {
  /** The embedded Solana wallet as a wallet-standard wallet (the one the page's dapps find), bound to the user's wallet. */
  solanaStandardWallet(): Promise<StandardWallet>
  stop(): void
}

interface Wanted {
  announce: boolean
  ethereum: string | null
  solana: string | null
}

const primary = (wallets: EmbeddedWallet[], chainType: EmbeddedWallet['chainType']) =>
  wallets.filter((wallet) => wallet.chainType === chainType).sort((a, b) => a.walletIndex - b.walletIndex)[0] ?? null

export function watchAnnouncements(deps: AnnouncementDeps): Announcements {
  const page = deps.window
  let announcer: Promise<Announcer> | null = null
  let solanaWallet: Promise<AnnouncedSolanaWallet> | null = null
  // Updates run in order: a sign-out that comes while a provider loads still ends the announcement.
  let queue: Promise<void> = Promise.resolve()
  let applied = ''

  const wanted = (): Wanted => {
    const { wallets } = deps.state.get()
    return {
      announce: !!page && deps.getConfig().embeddedWallets.announceWallets === true,
      ethereum: primary(wallets, 'ethereum')?.address ?? null,
      solana: primary(wallets, 'solana')?.address ?? null,
    }
  }
  const loadSolanaWallet = () =>
    (solanaWallet ??= import('./announced-solana-wallet.js').then(({ announcedSolanaWallet }) =>
      announcedSolanaWallet(announcedIdentity(deps.getConfig()), () => page?.location.host ?? ''),
    ))

  async function apply({ announce, ethereum, solana }: Wanted): Promise<void> {
    const announcing = announce && (ethereum !== null || solana !== null)
    if (!announcer && !solanaWallet && !announcing) return
    const solanaProvider = solana === null ? null : await deps.getSolanaProvider(solana)
    const ethereumProvider = announce && ethereum !== null ? await deps.getEthereumProvider(ethereum) : null
    ;(await loadSolanaWallet()).bind(solanaProvider)
    if (!announcer && !announcing) return
    announcer ??= Promise.all([import('./announcer.js'), loadSolanaWallet()]).then(([{ createAnnouncer }, solanaWallet]) =>
      createAnnouncer(page!, announcedIdentity(deps.getConfig()), solanaWallet.wallet),
    )
    ;(await announcer).update({ ethereum: ethereumProvider, solana: announce && solana !== null })
  }

  const enqueue = (next: Wanted) => {
    queue = queue.then(() => apply(next)).catch((error: unknown) => console.warn('[tessera] Unable to announce the embedded wallets', error))
  }
  function sync() {
    const next = wanted()
    const key = JSON.stringify(next)
    if (key === applied) return
    applied = key
    enqueue(next)
  }

  sync()
  const stopState = deps.state.watch(sync)
  const stopConfig = deps.watchConfig(sync)
  return {
    async solanaStandardWallet() {
      // The first call makes the wallet: bound to the user's account before it is answered.
      if (!solanaWallet) enqueue(wanted())
      const wallet = loadSolanaWallet()
      await queue
      return (await wallet).wallet
    },
    stop() {
      stopState()
      stopConfig()
      queue = queue.then(async () => {
        await (await announcer)?.stop()
        ;(await solanaWallet)?.bind(null)
      })
    },
  }
}
