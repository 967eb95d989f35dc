import { walletOptions } from '../wallet-list.js'
import type { WalletEngineDeps } from './deps.js'

/** Lists the discovered wallets, the known ones and WalletConnect as the app's config shows them. */
export function refreshOptions({ options, state, walletConnect }: WalletEngineDeps) {
  options.options.set(walletOptions(state.discovery?.wallets() ?? [], options.getConfig().appearance, walletConnect.option()))
}
