/**
 * Export of a server-managed wallet: the signer seals the key to a P-256 key made here for this one export (HPKE,
 * the reference's suite), so the key is readable in this frame only; it is shown only if it derives the wallet's address.
 */
import { hexToBytes } from '@noble/hashes/utils'
import {
  SERVER_WALLET_EXPORT_ENCRYPTION,
  decodeBase58,
  walletApiRoutes,
  type EmbeddedChainType,
  type ServerWalletExportBody,
  type ServerWalletExportResponse,
} from '../../protocol/index.js'
import { exportedKeyText } from '../../protocol/custody/exported-key.js'
import { addressOfKey } from '../../protocol/custody/wallet-address.js'
import { walletExportSuite } from '../../protocol/custody/wallet-export-hpke.js'
import { sameAddress } from '../../protocol/same-address.js'
import { base64ToBytes, bytesToBase64 } from '../encoding.js'
import { FrameError } from '../errors.js'
import { authorizedCall, type ServerWalletContext } from './authorized-rpc.js'

export interface ServerWalletExportTarget {
  walletId: string
  address: string
  chainType: EmbeddedChainType
}
export interface ServerWalletKey {
  address: string
  privateKey: string
}

const walletDataMissing = () => new FrameError('error', 'Wallet data is missing')

/** The private key in the key text export screens show (0x hex; base58 of seed ‖ public key), or null for any other text. */
function privateKeyOf(chainType: EmbeddedChainType, text: string): Uint8Array | null {
  if (chainType === 'ethereum') return /^0x[0-9a-f]{64}$/.test(text) ? hexToBytes(text.slice(2)) : null
  const secretKey = decodeBase58(text)
  return secretKey?.length === 64 ? secretKey.slice(0, 32) : null
}

/** Null for a scalar out of secp256k1's range: the curve library's error would quote the key. */
function addressOfKeyOrNull(chainType: EmbeddedChainType, privateKey: Uint8Array): string | null {
  try {
    return addressOfKey(chainType, privateKey)
  } catch {
    return null
  }
}

/** The signed export request, with the public half of a fresh, non-extractable recipient key. */
async function sealedKey(
  context: ServerWalletContext,
  appId: string,
  accessToken: string,
  walletId: string,
  recipient: CryptoKeyPair,
): Promise<ServerWalletExportResponse> {
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', recipient.publicKey))
  const body: ServerWalletExportBody = { encryption_type: SERVER_WALLET_EXPORT_ENCRYPTION, recipient_public_key: bytesToBase64(spki) }
  const send = (authorization: Record<string, string>) => context.api.export(accessToken, walletId, body, authorization)
  return authorizedCall(context, appId, accessToken, { route: walletApiRoutes.export, walletId, body, send })
}

async function openedText(recipient: CryptoKeyPair, sealed: ServerWalletExportResponse): Promise<string> {
  const enc = base64ToBytes(sealed.encapsulated_key)
  const ciphertext = base64ToBytes(sealed.ciphertext)
  if (!enc || !ciphertext) throw walletDataMissing()
  const opened = await walletExportSuite()
    .open({ recipientKey: recipient, enc }, ciphertext)
    .catch(() => {
      throw walletDataMissing()
    })
  return new TextDecoder().decode(opened)
}

/** The wallet's key as export shows it, once it is the canonical text of a key whose address is the wallet's. */
export async function exportServerWalletKey(
  context: ServerWalletContext,
  appId: string,
  accessToken: string,
  target: ServerWalletExportTarget,
): Promise<ServerWalletKey> {
  const recipient = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])
  const text = await openedText(recipient, await sealedKey(context, appId, accessToken, target.walletId, recipient))
  const privateKey = privateKeyOf(target.chainType, text)
  // Another wallet's key, or a Solana secret key whose second half is not its public key, is not this wallet's export.
  if (!privateKey || exportedKeyText(target.chainType, privateKey) !== text) throw walletDataMissing()
  const address = addressOfKeyOrNull(target.chainType, privateKey)
  if (!address || !sameAddress(target.chainType, address, target.address)) throw walletDataMissing()
  return { address, privateKey: text }
}
