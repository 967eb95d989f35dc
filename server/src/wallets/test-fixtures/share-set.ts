import { ed25519 } from '@noble/curves/ed25519'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { addressOfKey } from '../../../../src/protocol/custody/wallet-address.js'
import { shareSetKeysOf } from '../../../../src/protocol/custody/wallet-keys.js'
import { splitSecret } from '../../../../src/protocol/custody/share-wrapper.js'
import { encodeBase58, type EmbeddedChainType, type RecoveryShareInput, type SealedShare } from '../../../../src/protocol/index.js'

export interface TestSplit {
  device: string
  auth: string
  recovery: string
}

const base64 = (share: Uint8Array) => Buffer.from(share).toString('base64')

/** A real 2-of-3 split of `entropy` at `version`, wrapped as the frame does (its own code), base64 as on the wire. */
export async function splitEntropy(entropy: Uint8Array, version: number): Promise<TestSplit> {
  const { device, auth, recovery } = await splitSecret(entropy, version)
  return { device: base64(device), auth: base64(auth), recovery: base64(recovery) }
}

/** A fresh key pair's address (the server checks formats only; the frame derives real ones from the entropy). */
export function randomAddress(chain: EmbeddedChainType): string {
  if (chain === 'ethereum') return privateKeyToAccount(generatePrivateKey()).address
  return encodeBase58(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
}

/** A password-sealed share blob as the frame produces it (opaque to the server). */
export const testSealedShare = (): SealedShare => ({
  kdf: { name: 'scrypt', n: 2 ** 17, r: 8, p: 1, salt: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64') },
  iv: Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('base64'),
  ciphertext: Buffer.from(crypto.getRandomValues(new Uint8Array(54))).toString('base64'),
})

export interface TestWallet {
  chain: EmbeddedChainType
  address: string
  entropy: Uint8Array
  split: TestSplit
}

/** A new share set as the frame would create it, and the create body for it. */
export async function newTestWallet(chain: EmbeddedChainType): Promise<TestWallet> {
  const entropy = crypto.getRandomValues(new Uint8Array(16))
  return { chain, address: randomAddress(chain), entropy, split: await splitEntropy(entropy, 1) }
}

/** A share set as the frame makes it, with its real first address (for routes that derive and check it). */
export async function newDerivedTestWallet(chain: EmbeddedChainType, imported = false): Promise<TestWallet> {
  const entropy = imported
    ? chain === 'ethereum'
      ? Uint8Array.from(Buffer.from(generatePrivateKey().slice(2), 'hex'))
      : ed25519.utils.randomSecretKey()
    : crypto.getRandomValues(new Uint8Array(16))
  const firstKey = (await shareSetKeysOf(entropy))!.privateKey(chain, 0)!
  return { chain, address: addressOfKey(chain, firstKey), entropy, split: await splitEntropy(entropy, 1) }
}

export function createBodyOf(wallet: TestWallet, extra: { idempotency_key?: string; recovery?: RecoveryShareInput } = {}) {
  return {
    chain_type: wallet.chain,
    address: wallet.address,
    entropy_id: wallet.address,
    entropy_id_verifier: wallet.chain === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
    share_version: 1,
    auth_share: wallet.split.auth,
    recovery: extra.recovery ?? { method: 'privy', share: wallet.split.recovery },
    ...(extra.idempotency_key ? { idempotency_key: extra.idempotency_key } : {}),
  }
}
