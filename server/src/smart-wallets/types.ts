/** The app setting `smart_wallets` (config file) is the protocol's smart-wallet config, kept as is. */
export type { SmartWalletConfig as SmartWalletSettings, SmartWalletNetwork as SmartWalletNetworkSettings } from '../../../src/protocol/smart-wallets.js'
