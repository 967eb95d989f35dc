/** Public API of `tessera/react/smart-wallets`: the reference SDK's `smart-wallets` entry over the provider of `tessera/react`. */
export { SmartWalletsProvider, useSmartWallets, type SmartWalletsInterface, type SmartWalletsProviderProps } from './smart-wallets-provider.js'
export type { SmartWalletCall, SmartWalletClient } from '../../src/core/smart-wallets/index.js'
