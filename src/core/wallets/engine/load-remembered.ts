import type { WalletEngineDeps } from './deps.js'
import { refreshOptions } from './refresh-options.js'
import { restoreRemembered } from './restore-remembered.js'

/** Reads the remembered connections and last used wallet; restoring them (a silent wallet request each) runs on its own. */
export function loadRemembered(deps: WalletEngineDeps): Promise<void> {
  return deps.remembered.load().then((values) => {
    deps.state.stored = values.connections
    deps.state.lastUsed ??= values.lastUsed
    refreshOptions(deps)
    void restoreRemembered(deps)
  })
}
