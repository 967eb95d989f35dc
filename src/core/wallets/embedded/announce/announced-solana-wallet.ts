/**
 * The wallet-standard wallet registered for the embedded Solana wallet: one object for the page's lifetime whose
 * account is the signed-in user's wallet, `change` (standard:events) when the user signs in or out, and the Solana
 * sign features over the embedded Solana provider, whose confirmations every request passes, as the client's own do.
 * Marked as Tessera's own, so that Tessera's discovery never lists it.
 */
import { decodeBase58 } from '../../../../protocol/index.js'
import { markAnnouncedByTessera } from '../../discovery/announced-by-tessera.js'
import type { StandardWallet, StandardWalletAccount } from '../../discovery/wallet-standard.js'
import { ProviderRpcError, providerRpcErrors } from '../provider-rpc-error.js'
import type { EmbeddedSolanaProvider } from '../types.js'
import type { AnnouncedIdentity } from './identity.js'
import { signInWithSolana, type SignInDeps } from './standard-sign-in.js'

/** The chains of the clusters every app has (the app's own RPCs replace the public ones, src/core/chains). */
const chains = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const
const signingFeatures = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signIn'] as const
const version = '1.0.0'

interface TransactionInput {
  account: StandardWalletAccount
  transaction: Uint8Array
  chain?: string
}
type ChangeListener = (properties: { accounts: readonly StandardWalletAccount[] }) => void

export interface AnnouncedSolanaWallet {
  wallet: StandardWallet
  /** The wallet the account is now; null: signed out (no account). */
  bind(next: EmbeddedSolanaProvider | null): void
}

/** `domain`: the page's host, which a sign-in without a domain names. */
/** Wire bytes to a web3.js transaction (legacy or v0), which the provider's confirmation reads. */
async function transactionOf(bytes: Uint8Array) {
  const { VersionedTransaction } = await import('@solana/web3.js')
  return VersionedTransaction.deserialize(bytes)
}

export function announcedSolanaWallet(identity: AnnouncedIdentity, domain: () => string): AnnouncedSolanaWallet {
  const changeListeners = new Set<ChangeListener>()
  let current: { provider: EmbeddedSolanaProvider; account: StandardWalletAccount } | null = null
  const accounts = () => (current ? [current.account] : [])

  /** The provider for an input's account: only the signed-in user's, on a chain the wallet has. */
  function providerFor(account: StandardWalletAccount, chain?: string): EmbeddedSolanaProvider {
    if (!current || account?.address !== current.account.address)
      throw new ProviderRpcError(providerRpcErrors.unauthorized, 'The account is not the signed-in user’s wallet')
    if (chain !== undefined && !(chains as readonly string[]).includes(chain))
      throw new ProviderRpcError(providerRpcErrors.unsupportedChain, `Unsupported chain ${chain}`)
    return current.provider
  }

  const signIn: SignInDeps = { account: () => current?.account ?? null, signMessage: (account, message) => providerFor(account).signMessage(message), domain }

  const features = {
    'standard:connect': { version, connect: async () => ({ accounts: accounts() }) },
    'standard:disconnect': { version, disconnect: async () => undefined },
    'standard:events': {
      version,
      on(event: 'change', listener: ChangeListener) {
        if (event !== 'change') return () => undefined
        changeListeners.add(listener)
        return () => void changeListeners.delete(listener)
      },
    },
    'solana:signMessage': {
      version,
      signMessage: (...inputs: { account: StandardWalletAccount; message: Uint8Array }[]) =>
        oneByOne(inputs, async ({ account, message }) => ({ signedMessage: message, signature: (await providerFor(account).signMessage(message)).signature })),
    },
    'solana:signIn': { version, signIn: (...inputs: unknown[]) => oneByOne(inputs, (input) => signInWithSolana(signIn, input)) },
    'solana:signTransaction': {
      version,
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: (...inputs: TransactionInput[]) =>
        oneByOne(inputs, async ({ account, transaction, chain }) => {
          const provider = providerFor(account, chain)
          const signed = await provider.signTransaction(await transactionOf(transaction), { cluster: chain })
          return { signedTransaction: signed.serialize() }
        }),
    },
    'solana:signAndSendTransaction': {
      version,
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: (...inputs: TransactionInput[]) =>
        oneByOne(inputs, async ({ account, transaction, chain }) => {
          const provider = providerFor(account, chain)
          const { signature } = await provider.signAndSendTransaction(await transactionOf(transaction), { cluster: chain })
          return { signature: decodeBase58(signature)! }
        }),
    },
  }

  const wallet: StandardWallet = {
    version,
    name: identity.name,
    icon: identity.icon,
    chains,
    features,
    get accounts() {
      return accounts()
    },
  }

  markAnnouncedByTessera(wallet)
  return {
    wallet,
    bind(next) {
      if (next?.address === current?.account.address) return
      current = next ? { provider: next, account: { address: next.address, publicKey: decodeBase58(next.address)!, chains, features: signingFeatures } } : null
      changeListeners.forEach((listener) => listener({ accounts: accounts() }))
    },
  }
}

/** Each input after the previous one: one confirmation at a time. */
async function oneByOne<I, O>(inputs: I[], run: (input: I) => Promise<O>): Promise<O[]> {
  const outputs: O[] = []
  for (const input of inputs) outputs.push(await run(input))
  return outputs
}
