/** The wallet-standard features SIWS uses: `standard:connect`, `standard:events`, `solana:signMessage`, `solana:signTransaction`. */
import type { StandardWallet, StandardWalletAccount } from '../discovery/wallet-standard.js'
import { missingSigningMethodsError, unableToRetrieveAddressError } from '../errors.js'

interface ConnectFeature { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardWalletAccount[] }> }
interface DisconnectFeature { disconnect(): Promise<void> }
interface EventsFeature { on(event: 'change', listener: (properties: { accounts?: readonly StandardWalletAccount[] }) => void): () => void }
interface SignMessageFeature {
  signMessage(...inputs: { account: StandardWalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
}
interface SignTransactionFeature {
  signTransaction(...inputs: { account: StandardWalletAccount; transaction: Uint8Array; chain?: string }[]): Promise<readonly { signedTransaction: Uint8Array }[]>
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

export async function signSolanaTransaction(wallet: StandardWallet, account: StandardWalletAccount, transaction: Uint8Array): Promise<Uint8Array> {
  const signer = feature<SignTransactionFeature>(wallet, 'solana:signTransaction')
  if (!signer) throw missingSigningMethodsError()
  const [output] = await signer.signTransaction({ account, transaction, chain: 'solana:mainnet' })
  if (!output) throw missingSigningMethodsError()
  return output.signedTransaction
}
