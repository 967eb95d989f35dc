import { discoverWallets } from '../discovery/discover-wallets.js'
import type { WalletEngineDeps } from './deps.js'
import { refreshOptions } from './refresh-options.js'
import { restoreRemembered } from './restore-remembered.js'

/** Discovers the page's wallets and lists them, and again whenever one announces itself or the config changes. */
export function startDiscovery(deps: WalletEngineDeps) {
  const { options, state } = deps
  // Wallets already in the page announce while discovery starts, before `discovery` is assigned: listed just after.
  const onDiscovered = () => {
    if (!state.discovery) return
    refreshOptions(deps)
    void restoreRemembered(deps)
  }
  state.discovery = options.window ? discoverWallets(options.window, onDiscovered) : null
  refreshOptions(deps)
  state.stopWatchingConfig = options.watchConfig(() => refreshOptions(deps))
}
