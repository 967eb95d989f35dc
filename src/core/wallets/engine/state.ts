/** What the external-wallet engine remembers between calls; the actions read and change it, nothing else does. */
import type { Unsubscribe } from '../../listener.js'
import type { WalletDiscovery } from '../discovery/discover-wallets.js'
import type { RememberedConnection } from '../remembered-connections.js'
import type { ConnectedWallet } from '../types.js'
import type { WalletSession } from '../wallet-session.js'

export interface WalletEngineState {
  /** Connected sessions, the latest first. */
  sessions: WalletSession[]
  /** Remembered connections, saved after every change. */
  stored: RememberedConnection[]
  lastUsed: string | null
  /** The connection attempt under way, which duplicate attempts join. */
  inFlight: Promise<ConnectedWallet> | null
  /** Bumped by reset(): a flow that settles after the modal closed must not revive the old state. */
  generation: number
  /** Null outside a browser, and while discovery starts. */
  discovery: WalletDiscovery | null
  /** Wallet types whose remembered connection is being asked for silently. */
  restoring: Set<string>
  /** Settles once the remembered values are read: connecting waits for it. */
  loaded: Promise<void>
  stopWatchingConfig: Unsubscribe
}

export function createWalletEngineState(): WalletEngineState {
  return {
    sessions: [],
    stored: [],
    lastUsed: null,
    inFlight: null,
    generation: 0,
    discovery: null,
    restoring: new Set(),
    loaded: Promise.resolve(),
    stopWatchingConfig: () => {},
  }
}
