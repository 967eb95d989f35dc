/**
 * Which of the signed-in user's Ethereum wallets the connector speaks for, and its EIP-1193 provider: the app's
 * active wallet (`activeWalletOf(appId)`) when it is one of the user's Ethereum wallets, else the first embedded
 * wallet, else the first external wallet the user connected through Tessera.
 */
import { activeWalletOf, type ConnectedEthereumWallet, type EmbeddedEthereumProvider, type TesseraClient } from '../src/core/index.js'

/** The provider surface of both kinds of wallet (the embedded provider, an external wallet's own). */
export type WalletProvider = EmbeddedEthereumProvider | Awaited<ReturnType<ConnectedEthereumWallet['getEthereumProvider']>>

export interface WalletChoice {
  address: `0x${string}`
  kind: 'embedded' | 'external'
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const connectedEthereum = (client: TesseraClient) =>
  client.wallets.getConnected().filter((wallet): wallet is ConnectedEthereumWallet => wallet.chain === 'ethereum')

/**
 * Every Ethereum wallet of the user this page can sign with, embedded first. The embedded ones are read from the
 * user's accounts: the embedded-wallet state fills in only once its code has loaded, after a reload too.
 */
export function ethereumWallets(client: TesseraClient): WalletChoice[] {
  const { status, user } = client.getAuth()
  if (status !== 'authenticated' || !user) return []
  const embedded = user.linkedAccounts
    .flatMap((account) => (account.type === 'wallet' && account.walletClientType === 'privy' && account.chainType === 'ethereum' ? [account] : []))
    .sort((a, b) => (a.walletIndex ?? 0) - (b.walletIndex ?? 0))
  return [
    ...embedded.map((wallet) => ({ address: wallet.address as `0x${string}`, kind: 'embedded' as const })),
    ...connectedEthereum(client).map((wallet) => ({ address: wallet.address as `0x${string}`, kind: 'external' as const })),
  ]
}

export function selectedWallet(client: TesseraClient): WalletChoice | null {
  const wallets = ethereumWallets(client)
  const active = activeWalletOf(client.appId).get()
  const chosen = active?.chain === 'ethereum' ? wallets.find((wallet) => sameAddress(wallet.address, active.address)) : undefined
  return chosen ?? wallets[0] ?? null
}

export async function providerOf(client: TesseraClient, choice: WalletChoice): Promise<WalletProvider> {
  if (choice.kind === 'embedded') return client.embeddedWallets.getEthereumProvider(choice.address)
  const wallet = connectedEthereum(client).find((candidate) => sameAddress(candidate.address, choice.address))
  if (!wallet) throw new Error('Wallet is not currently connected.')
  return wallet.getEthereumProvider()
}

/** Calls `listener` whenever the selection may have changed: sign-in or out, wallets made or connected, the active wallet set. */
export function watchSelection(client: TesseraClient, listener: () => void): () => void {
  const stops = [
    client.watchAuth(listener),
    client.embeddedWallets.watchState(listener),
    client.wallets.watchConnected(listener),
    activeWalletOf(client.appId).watch(listener),
  ]
  return () => stops.forEach((stop) => stop())
}
