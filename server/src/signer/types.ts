import type { EmbeddedChainType } from '../../../src/protocol/index.js'
import type { SignerRequest } from '../wallet-signing/rpc-request.js'
import type { SignerResponse } from '../wallet-signing/sign-wallet-request.js'

export type { SignerRequest, SignerResponse }

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
  /**
   * Signs with the key; the request was authorized by the API process (owner or session signer) before it came here.
   * Refusals are ApiErrors: `not_found` (no such key for this app), `invalid_data` (a method of the other chain, a
   * transaction that does not list the wallet...), and 500 `internal_error` when the signer cannot be reached.
   */
  sign(input: { appId: string; keyId: string; request: SignerRequest }): Promise<SignerResponse>
  /**
   * The key HPKE-sealed to `recipientPublicKey` (base64 SPKI DER, P-256) inside the signer: only ciphertext crosses
   * back. The API process authorized the owner first. 400 `invalid_data` for a malformed recipient key, 404 as `sign`.
   */
  exportKey(input: { appId: string; keyId: string; recipientPublicKey: string }): Promise<SealedKeyExport>
  /** Starts the signer now rather than at its first use (a first start creates its store, which takes seconds). */
  start(): Promise<void>
  /** Stops the signer (the child process, or the in-process store in tests). */
  close(): Promise<void>
}

export interface SignerKey {
  keyId: string
  address: string
}

/** An exported key as HPKE base mode makes it (wallet-export-hpke.ts): both base64. */
export interface SealedKeyExport {
  encapsulatedKey: string
  ciphertext: string
}
