/** What every engine action is given: the caller's options, the state, and the parts built once around them. */
import type { ConnectedWalletContext } from '../connected-wallet-context.js'
import type { WalletEngineOptions } from './options.js'
import type { rememberedWallets } from '../remembered-connections.js'
import type { walletConnectConnector } from '../wallet-connect/wallet-connect-connector.js'
import type { WalletEngineState } from './state.js'

export interface WalletEngineDeps {
  options: WalletEngineOptions
  state: WalletEngineState
  remembered: ReturnType<typeof rememberedWallets>
  walletConnect: ReturnType<typeof walletConnectConnector>
  /** Handed to every connected wallet: its abilities reach the engine through it. */
  walletContext: ConnectedWalletContext
  timeoutMs: number
  now: () => Date
}
