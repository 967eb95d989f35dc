import type { EmbeddedChainType, WalletRpcResponse } from '../../../src/protocol/index.js'

/**
 * The signer: the only holder of server-managed wallets' keys (issue 17). It runs as its own process with its own sealed
 * key store; the API process talks to it through this interface and never holds a key beyond the one request that
 * imports it. `appId` scopes every key: a key id of another app is `not_found`.
 */
export interface WalletSigner {
  /** Generates a key for a new wallet and answers its address (0x EIP-55 for ethereum, base58 for solana). */
  createKey(input: { appId: string; chainType: EmbeddedChainType }): Promise<SignerKey>
  /** Seals an existing private key (32 bytes; the caller zeroes it) as a new wallet's key. */
  importKey(input: { appId: string; chainType: EmbeddedChainType; privateKey: Uint8Array }): Promise<SignerKey>
  /** Signs with the key; the request was authorized by the API process (owner or session signer) before it came here. */
  sign(input: { appId: string; keyId: string; request: SignerRequest }): Promise<WalletRpcResponse | SolanaSignedTransaction>
  /** Stops the signer (the child process, or the in-process store in tests). */
  close(): Promise<void>
}

export interface SignerKey { keyId: string; address: string }

/** The signing methods of `/wallets/{id}/rpc` (delegated-signing.ts's `walletRpcBody`), plus Solana transactions. */
export type SignerRequest =
  | import('../wallets/delegated-signing.js').WalletRpcRequest
  | { method: 'signTransaction'; chain_type?: 'solana'; params: { transaction: string; encoding: 'base64' } }

export interface SolanaSignedTransaction { method: 'signTransaction'; data: { signed_transaction: string; encoding: 'base64' } }
