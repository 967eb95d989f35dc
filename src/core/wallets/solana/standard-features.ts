/**
 * The wallet-standard features the client uses: `standard:connect`, `standard:events`, `solana:signMessage`,
 * `solana:signTransaction` (SIWS and connected wallets) and `solana:signAndSendTransaction` (connected wallets).
 */
import type { StandardWallet, StandardWalletAccount } from '../discovery/wallet-standard.js'
import { missingSigningMethodsError, unableToRetrieveAddressError } from '../errors.js'

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardWalletAccount[] }>
}
interface DisconnectFeature {
  disconnect(): Promise<void>
}
interface EventsFeature {
  on(event: 'change', listener: (properties: { accounts?: readonly StandardWalletAccount[] }) => void): () => void
}
interface SignMessageFeature {
  signMessage(...inputs: { account: StandardWalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
}
interface SignTransactionFeature {
  signTransaction(
    ...inputs: { account: StandardWalletAccount; transaction: Uint8Array; chain?: string }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>
}

interface SignAndSendTransactionFeature {
  signAndSendTransaction(...inputs: { account: StandardWalletAccount; transaction: Uint8Array; chain: string }[]): Promise<readonly { signature: Uint8Array }[]>
}

const feature = <T>(wallet: StandardWallet, name: string): T | null => (wallet.features[name] as T | undefined) ?? null

/** Connects (silently: only if the wallet already trusts this site) and returns its first Solana account. */
export async function connectSolana(wallet: StandardWallet, silent = false): Promise<StandardWalletAccount> {
  const connect = feature<ConnectFeature>(wallet, 'standard:connect')
  if (!connect) throw missingSigningMethodsError()
  const { accounts } = await connect.connect(silent ? { silent } : undefined)
  const account = (accounts.length ? accounts : wallet.accounts).find((candidate) => candidate.chains.some((chain) => chain.startsWith('solana:')))
  if (!account) throw unableToRetrieveAddressError()
  return account
}

export async function disconnectSolana(wallet: StandardWallet): Promise<void> {
  await feature<DisconnectFeature>(wallet, 'standard:disconnect')?.disconnect()
}

/** Accounts changes from the wallet; a no-op for wallets without `standard:events`. */
export function watchSolanaAccounts(wallet: StandardWallet, onAccounts: (accounts: readonly StandardWalletAccount[]) => void): () => void {
  return feature<EventsFeature>(wallet, 'standard:events')?.on('change', ({ accounts }) => accounts && onAccounts(accounts)) ?? (() => {})
}

export const canSignMessage = (wallet: StandardWallet) => !!feature(wallet, 'solana:signMessage')

export async function signSolanaMessage(wallet: StandardWallet, account: StandardWalletAccount, message: Uint8Array): Promise<Uint8Array> {
  const signer = feature<SignMessageFeature>(wallet, 'solana:signMessage')
  if (!signer) throw missingSigningMethodsError()
  const [output] = await signer.signMessage({ account, message })
  if (!output) throw missingSigningMethodsError()
  return output.signature
}

/** `chain`: the wallet-standard chain the transaction is for (`solana:mainnet`, `solana:devnet`, `solana:testnet`). */
export async function signSolanaTransaction(
  wallet: StandardWallet,
  account: StandardWalletAccount,
  transaction: Uint8Array,
  chain = 'solana:mainnet',
): Promise<Uint8Array> {
  const signer = feature<SignTransactionFeature>(wallet, 'solana:signTransaction')
  if (!signer) throw missingSigningMethodsError()
  const [output] = await signer.signTransaction({ account, transaction, chain })
  if (!output) throw missingSigningMethodsError()
  return output.signedTransaction
}

/** The wallet sends for itself only on a chain it and the account are on. */
export const canSignAndSend = (wallet: StandardWallet, account: StandardWalletAccount, chain: string) =>
  !!feature(wallet, 'solana:signAndSendTransaction') && wallet.chains.includes(chain) && account.chains.includes(chain)

/** The wallet signs and sends through its own RPC; answers the transaction's signature. */
export async function signAndSendSolanaTransaction(
  wallet: StandardWallet,
  account: StandardWalletAccount,
  transaction: Uint8Array,
  chain: string,
): Promise<Uint8Array> {
  const sender = feature<SignAndSendTransactionFeature>(wallet, 'solana:signAndSendTransaction')
  if (!sender) throw missingSigningMethodsError()
  const [output] = await sender.signAndSendTransaction({ account, transaction, chain })
  if (!output) throw missingSigningMethodsError()
  return output.signature
}
