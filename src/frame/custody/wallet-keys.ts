/**
 * The frame's view of an opened share set's keys: signing accounts and key pairs over the shared secret-format rule
 * (src/protocol/custody/wallet-keys.ts). Asking an imported set for another index is the caller's mistake.
 */
import { bytesToHex } from '@noble/hashes/utils'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { EmbeddedChainType } from '../../protocol/index.js'
import { shareSetKeysOf } from '../../protocol/custody/wallet-keys.js'
import { solanaKeyPairOf, type SolanaKeyPair } from '../../protocol/custody/solana-keys.js'
import { FrameError } from '../errors.js'

export interface WalletKeys {
  imported: boolean
  /** The raw secp256k1 key: only the export frame shows it. */
  ethereumKey(index: number): Uint8Array
  ethereum(index: number): PrivateKeyAccount
  solana(index: number): SolanaKeyPair
}

/** Null for a secret of neither format (a tampered or foreign share set). */
export async function walletKeysOf(secret: Uint8Array): Promise<WalletKeys | null> {
  const keys = await shareSetKeysOf(secret)
  if (!keys) return null
  const privateKey = (chainType: EmbeddedChainType, index: number) => {
    const key = keys.privateKey(chainType, index)
    if (!key) throw new FrameError('invalid_request_arguments', 'Invalid hdWalletIndex: an imported wallet has no other wallets')
    return key
  }
  // One call checks wallet 0's address and then signs with it: derived once per opened set, not twice.
  const accounts = new Map<number, PrivateKeyAccount>()
  const solanaPairs = new Map<number, SolanaKeyPair>()
  const remembered = <T>(cache: Map<number, T>, index: number, derive: () => T) => cache.get(index) ?? cache.set(index, derive()).get(index)!
  return {
    imported: keys.imported,
    ethereumKey: (index) => privateKey('ethereum', index),
    ethereum: (index) => remembered(accounts, index, () => privateKeyToAccount(`0x${bytesToHex(privateKey('ethereum', index))}`)),
    solana: (index) => remembered(solanaPairs, index, () => solanaKeyPairOf(privateKey('solana', index))),
  }
}

export const keysAddress = (keys: WalletKeys, chainType: EmbeddedChainType, index: number): string =>
  chainType === 'ethereum' ? keys.ethereum(index).address : keys.solana(index).address
