import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { privateKeyToAddress } from 'viem/accounts'
import { decodeBase58, encodeBase58, type EmbeddedChainType } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import { lockUser } from '../auth/shared/lock-user.js'
import type { ServerContext } from '../context.js'
import { invalidData } from '../http/api-error.js'
import { addressTaken } from '../wallets/created-wallet.js'
import { isAddressTaken } from '../wallets/store.js'
import { recordServerWallet, requireServerWalletsMode } from './create-server-wallet.js'
import { findServerWalletByAddress, newServerWalletId, nextImportedIndex, type ServerWalletRecord } from './store.js'

const invalidKey = () => invalidData('Invalid request body: private_key: not a private key of this chain')

/** The 32-byte secret and the address it controls; the text itself is never echoed (not even in the error). */
export function parsePrivateKey(chainType: EmbeddedChainType, text: string): { secret: Uint8Array; address: string } {
  if (chainType === 'ethereum') {
    if (!/^0x[0-9a-fA-F]{64}$/.test(text)) throw invalidKey()
    const secret = Uint8Array.from(Buffer.from(text.slice(2), 'hex'))
    if (!secp256k1.utils.isValidPrivateKey(secret)) throw invalidKey()
    return { secret, address: privateKeyToAddress(text as `0x${string}`) }
  }
  const bytes = decodeBase58(text)
  if (!bytes || (bytes.length !== 32 && bytes.length !== 64)) throw invalidKey()
  const secret = bytes.slice(0, 32)
  const publicKey = ed25519.getPublicKey(secret)
  // A 64-byte secret key carries its public key: one that does not match the seed is a corrupt key, not this wallet.
  if (bytes.length === 64 && Buffer.compare(Buffer.from(publicKey), Buffer.from(bytes.slice(32))) !== 0) throw invalidKey()
  bytes.fill(0)
  return { secret, address: encodeBase58(publicKey) }
}

/**
 * Imports a private key as the caller's server-managed wallet (`imported: true`, below index 0). The key goes to the
 * signer only, and is zeroed here after; importing the same key again answers the stored wallet; an address another
 * user (or an on-device wallet) holds is refused.
 */
export async function importServerWallet(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  chainType: EmbeddedChainType,
  privateKey: string,
): Promise<ServerWalletRecord> {
  requireServerWalletsMode(app)
  const { secret, address } = parsePrivateKey(chainType, privateKey)
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockUser(tx, userId)
      const stored = await findServerWalletByAddress(tx, app.id, address)
      if (stored?.userId === userId && stored.chainType === chainType) return stored
      if (stored || (await isAddressTaken(tx, app.id, address))) throw addressTaken()
      const key = await ctx.signer.importKey({ appId: app.id, chainType, privateKey: secret })
      const wallet: ServerWalletRecord = {
        id: newServerWalletId(),
        appId: app.id,
        userId,
        chainType,
        walletIndex: await nextImportedIndex(tx, app.id, userId, chainType),
        address: key.address,
        signerKeyId: key.keyId,
        imported: true,
        delegated: false,
        additionalSigners: [],
        createdAt: ctx.clock.now(),
        exportedAt: null,
      }
      await recordServerWallet(tx, wallet)
      return wallet
    })
  } finally {
    secret.fill(0)
  }
}
