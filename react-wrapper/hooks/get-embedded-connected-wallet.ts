/** The embedded wallet of a `useWallets()` (or `useSolanaWallets()`) list, or null (the reference SDK's helper). */
export function getEmbeddedConnectedWallet<Wallet extends { connectorType: string }>(wallets: readonly Wallet[]): Wallet | null {
  return wallets.find((wallet) => wallet.connectorType === 'embedded') ?? null
}
