/**
 * Announces the signed-in user's primary embedded wallets to the page's dapps while the app's `announceWallets` is on
 * (EIP-6963 for Ethereum, wallet-standard for Solana); the announcing code loads the first time there is one to make.
 */
import type { EffectiveConfig } from '../../../config/types.js'
import type { Listener, Unsubscribe } from '../../../types.js'
import type { Store } from '../../../utils/store.js'
import type { EmbeddedEthereumProvider, EmbeddedSolanaProvider, EmbeddedWallet, EmbeddedWalletsState } from '../types.js'
import type { AnnouncedWallets, Announcer } from './announcer.js'
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

const primary = (wallets: EmbeddedWallet[], chainType: EmbeddedWallet['chainType']) =>
  wallets.filter((wallet) => wallet.chainType === chainType).sort((a, b) => a.walletIndex - b.walletIndex)[0] ?? null

export function watchAnnouncements(deps: AnnouncementDeps): Unsubscribe {
  const page = deps.window
  if (!page) return () => undefined
  let announcer: Promise<Announcer> | null = null
  // Updates run in order: a sign-out that comes while a provider loads still ends the announcement.
  let queue: Promise<void> = Promise.resolve()
  let announced = JSON.stringify({ ethereum: null, solana: null })

  const addresses = () => {
    const wallets = deps.getConfig().embeddedWallets.announceWallets ? deps.state.get().wallets : []
    return { ethereum: primary(wallets, 'ethereum')?.address ?? null, solana: primary(wallets, 'solana')?.address ?? null }
  }

  async function announce({ ethereum, solana }: ReturnType<typeof addresses>): Promise<void> {
    if (!announcer && !ethereum && !solana) return
    const wallets: AnnouncedWallets = {
      ethereum: ethereum === null ? null : await deps.getEthereumProvider(ethereum),
      solana: solana === null ? null : await deps.getSolanaProvider(solana),
    }
    announcer ??= import('./announcer.js').then(({ createAnnouncer }) => createAnnouncer(page!, announcedIdentity(deps.getConfig())))
    ;(await announcer).update(wallets)
  }

  function sync() {
    const next = addresses()
    const key = JSON.stringify(next)
    if (key === announced) return
    announced = key
    queue = queue.then(() => announce(next)).catch((error: unknown) => console.warn('[tessera] Unable to announce the embedded wallets', error))
  }

  sync()
  const stopState = deps.state.watch(sync)
  const stopConfig = deps.watchConfig(sync)
  return () => {
    stopState()
    stopConfig()
    queue = queue.then(async () => (await announcer)?.stop())
  }
}
