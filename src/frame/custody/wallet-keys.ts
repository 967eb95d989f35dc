/**
 * The keys of an opened share set. A created set's secret is 16 bytes of BIP-39 entropy (every HD wallet derives from
 * it); an imported set's secret is the one 32-byte private key itself (Ethereum secp256k1, or a Solana ed25519 seed),
 * which is its wallet at index 0 and has no siblings. The secret's length is the share set's format marker.
 */
import { ed25519 } from '@noble/curves/ed25519'
import type { PrivateKeyAccount } from 'viem/accounts'
import { encodeBase58, type EmbeddedChainType } from '../../protocol/index.js'
import { FrameError } from '../errors.js'
import { ENTROPY_BYTES, seedOf } from './entropy.js'
import { accountOf, ethereumPrivateKey } from './ethereum-keys.js'
import { solanaKeyPair, type SolanaKeyPair } from './solana-keys.js'

export const IMPORTED_KEY_BYTES = 32

export interface WalletKeys {
  imported: boolean
  /** The raw secp256k1 key: only the export frame shows it. */
  ethereumKey(index: number): Uint8Array
  ethereum(index: number): PrivateKeyAccount
  solana(index: number): SolanaKeyPair
}

export function hdWalletKeys(entropy: Uint8Array): WalletKeys {
  const seed = seedOf(entropy)
  const ethereumKey = (index: number) => ethereumPrivateKey(seed, index)
  return { imported: false, ethereumKey, ethereum: (index) => accountOf(ethereumKey(index)), solana: (index) => solanaKeyPair(seed, index) }
}

export function importedWalletKeys(privateKey: Uint8Array): WalletKeys {
  const onlyIndexZero = (index: number) => {
    if (index !== 0) throw new FrameError('invalid_request_arguments', 'Invalid hdWalletIndex: an imported wallet has no other wallets')
  }
  const ethereumKey = (index: number) => (onlyIndexZero(index), privateKey.slice())
  return {
    imported: true,
    ethereumKey,
    ethereum: (index) => accountOf(ethereumKey(index)),
    solana: (index) => (onlyIndexZero(index), { privateKey: privateKey.slice(), address: encodeBase58(ed25519.getPublicKey(privateKey)) }),
  }
}

/** Null for a secret of neither format (a tampered or foreign share set). */
export function walletKeysOf(secret: Uint8Array): WalletKeys | null {
  if (secret.length === ENTROPY_BYTES) return hdWalletKeys(secret)
  if (secret.length === IMPORTED_KEY_BYTES) return importedWalletKeys(secret)
  return null
}

export const keysAddress = (keys: WalletKeys, chainType: EmbeddedChainType, index: number): string =>
  chainType === 'ethereum' ? keys.ethereum(index).address : keys.solana(index).address
