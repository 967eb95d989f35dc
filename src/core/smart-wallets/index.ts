/** `tessera/smart-wallets`: smart accounts owned by the user's embedded wallet (loads permissionless; never on the first load). */
export { createSmartWallets, type SmartWalletCall, type SmartWalletClient, type SmartWallets, type SmartWalletsOptions } from './create-smart-wallets.js'
export { smartWalletVersions } from './to-smart-account.js'
export type { SmartWalletConfig, SmartWalletNetwork } from './smart-wallet-config.js'
