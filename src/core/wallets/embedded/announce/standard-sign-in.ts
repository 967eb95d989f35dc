/**
 * The `solana:signIn` feature of the embedded Solana wallet (Sign In With Solana as wallet-standard defines it): the
 * message is the text @solana/wallet-standard-util writes from the dapp's input, with the page's domain and the
 * wallet's address where the dapp gives none, signed as `solana:signMessage` signs (the same confirmation).
 */
import { createSignInMessageText } from '@solana/wallet-standard-util'
import type { StandardWalletAccount } from '../../discovery/wallet-standard.js'
import { ProviderRpcError, providerRpcErrors } from '../provider-rpc-error.js'

export interface SolanaSignInInput {
  domain?: string
  address?: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

export interface SolanaSignInOutput {
  account: StandardWalletAccount
  signedMessage: Uint8Array
  signature: Uint8Array
  signatureType: 'ed25519'
}

export interface SignInDeps {
  /** The signed-in user's account; null: signed out. */
  account(): StandardWalletAccount | null
  signMessage(account: StandardWalletAccount, message: Uint8Array): Promise<{ signature: Uint8Array }>
  /** The page's host, the domain of a sign-in whose input has none; empty outside a page. */
  domain(): string
}

const textFields = ['domain', 'address', 'statement', 'uri', 'version', 'chainId', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId'] as const

/** Every field absent or a string (resources: strings): anything else would be written into the signed text. */
function isSignInInput(input: unknown): input is SolanaSignInInput {
  if (typeof input !== 'object' || input === null) return false
  const fields = input as Record<string, unknown>
  const resources = fields.resources
  return (
    textFields.every((field) => fields[field] === undefined || typeof fields[field] === 'string') &&
    (resources === undefined || (Array.isArray(resources) && resources.every((resource) => typeof resource === 'string')))
  )
}

export async function signInWithSolana(deps: SignInDeps, input: unknown): Promise<SolanaSignInOutput> {
  if (!isSignInInput(input)) throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
  const account = deps.account()
  if (!account || (input.address !== undefined && input.address !== account.address))
    throw new ProviderRpcError(providerRpcErrors.unauthorized, 'The account is not the signed-in user’s wallet')
  const domain = input.domain || deps.domain()
  if (!domain) throw new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
  const signedMessage = new TextEncoder().encode(createSignInMessageText({ ...input, domain, address: account.address }))
  const { signature } = await deps.signMessage(account, signedMessage)
  return { account, signedMessage, signature, signatureType: 'ed25519' }
}
